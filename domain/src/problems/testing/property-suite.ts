/**
 * Runs the template properties (template-properties.ts) as vitest tests, one test per template.
 * Half of the templates are checked in a worker thread while the other half run here, because
 * vitest runs test files one at a time on a two-core machine (maxWorkers = cores - 1). If the
 * worker cannot start (no tsx), everything runs here.
 */
import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ProblemTemplate } from '../template.ts';
import { checkTemplate, SEEDS, shard } from './template-properties.ts';

type Results = Map<string, string[]>;

function checkInWorker(templates: readonly ProblemTemplate[]): Promise<Results> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./property-worker.mjs', import.meta.url), {
      workerData: { ids: templates.map((t) => t.id), seeds: SEEDS },
    });
    worker.once('message', (results: Results) => {
      resolve(results);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`property worker exited with code ${code}`));
    });
  });
}

export function runPropertySuite(): void {
  const here = shard(0, 2);
  const there = shard(1, 2);
  let elsewhere: Promise<Results>;

  beforeAll(() => {
    elsewhere = checkInWorker(there).catch(() => new Map(there.map((t) => [t.id, checkTemplate(t, SEEDS)])));
  });

  describe(`every template over ${SEEDS} seeds`, () => {
    test.each(here.map((t) => [t.id, t] as const))('%s', (_id, template) => {
      expect(checkTemplate(template, SEEDS)).toEqual([]);
    });
    test.each(there.map((t) => [t.id] as const))(
      '%s (worker thread)',
      async (id) => {
        expect((await elsewhere).get(id)).toEqual([]);
      },
      180_000,
    );
  });
}
