import { defineConfig } from 'vitest/config';

const workspaces = ['domain', 'event-store', 'api-kit', 'command-api', 'projector', 'query-api', 'launcher', 'web', 'e2e'];

export default defineConfig({
  test: {
    globalSetup: ['./testing/src/global-setup.ts'],
    projects: workspaces.map((name) => ({
      test: {
        name,
        root: `./${name}`,
        include: ['**/*.test.ts', '**/*.test.tsx'],
        exclude: ['**/node_modules/**', '**/dist/**'],
        testTimeout: 60_000,
        hookTimeout: 120_000,
      },
    })),
  },
});
