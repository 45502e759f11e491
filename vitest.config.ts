import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './testing/src/workers.ts';

const workspaces = ['domain', 'analytics', 'bench', 'event-store', 'api-kit', 'command-api', 'projector', 'query-api', 'launcher', 'web', 'e2e'];
/**
 * Two files run at once, each worker on its own PostgreSQL server (testing/src/global-setup.ts:
 * the event store's reads stop at the cluster-wide xmin horizon, so workers must not share one).
 * TEST_WORKERS=1 runs files one at a time.
 *
 * Files share one module graph per worker instead of importing the whole product again per file
 * (that import was 90 s of a run). A file that mocks a module, spies on or stubs a global runs
 * isolated, in a project of its own (`<workspace> isolated`), found by reading the test files;
 * web keeps every file isolated (its stores are module state).
 */
const MOCKS = /\bvi\.(mock|doMock|spyOn|stubEnv|stubGlobal)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !/(^|\/)(node_modules|dist)\//.test(file))
    .map((file) => file.split(path.sep).join('/'));
}

const common = {
  exclude: ['**/node_modules/**', '**/dist/**'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // expect.poll's 1 s default is too tight for a browser on a shared 2-core machine.
  expect: { poll: { timeout: 10_000 } },
  // mathjs as one pre-bundled file (as in the service bundles, launcher/build.mjs): its ~1,000 ES
  // modules took 0.7 s more at each fresh import (each isolated file, each worker's project).
  deps: { optimizer: { ssr: { enabled: true, include: ['mathjs'] } } },
};

export default defineConfig({
  test: {
    maxWorkers: TEST_WORKERS,
    globalSetup: ['./testing/src/global-setup.ts'],
    projects: workspaces.flatMap((name) => {
      if (name === 'web') return [{ test: { ...common, name, root: `./${name}`, include: ['**/*.test.ts', '**/*.test.tsx'], isolate: true } }];
      const mocking = testFiles(name).filter((file) => MOCKS.test(readFileSync(path.join(name, file), 'utf8')));
      const shared = { test: { ...common, name, root: `./${name}`, include: ['**/*.test.ts', '**/*.test.tsx'], exclude: [...common.exclude, ...mocking], isolate: false } };
      return mocking.length === 0 ? [shared] : [shared, { test: { ...common, name: `${name} isolated`, root: `./${name}`, include: mocking, isolate: true } }];
    }),
  },
});
