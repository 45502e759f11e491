import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './testing/src/workers.ts';

const workspaces = ['domain', 'analytics', 'event-store', 'api-kit', 'command-api', 'projector', 'query-api', 'launcher', 'web', 'e2e'];
/**
 * Two files run at once, each worker on its own PostgreSQL server (testing/src/global-setup.ts:
 * the event store's reads stop at the cluster-wide xmin horizon, so workers must not share one).
 * TEST_WORKERS=1 runs files one at a time. Where no
 * test mocks a module, spies on a global or changes the environment, files share one module graph
 * instead of importing the whole product again per file (that import was 90 s of a run).
 */
const mocking = new Set(['event-store', 'web']);

export default defineConfig({
  test: {
    maxWorkers: TEST_WORKERS,
    globalSetup: ['./testing/src/global-setup.ts'],
    projects: workspaces.map((name) => ({
      test: {
        name,
        root: `./${name}`,
        include: ['**/*.test.ts', '**/*.test.tsx'],
        exclude: ['**/node_modules/**', '**/dist/**'],
        testTimeout: 60_000,
        hookTimeout: 120_000,
        isolate: mocking.has(name),
        // expect.poll's 1 s default is too tight for a browser on a shared 2-core machine.
        expect: { poll: { timeout: 10_000 } },
      },
    })),
  },
});
