import type { NewEvent } from '@mathdaily/domain';
import type pg from 'pg';
import type { AppendResult, ExpectedVersion } from '../event-store.ts';
import { appendToPostgres, type BeforeCommitHook } from './append.ts';
import { AppendNotifier } from './notifier.ts';

/**
 * TEST-ONLY. The same append as the store's (same SQL, in a transaction), but `beforeCommit` runs
 * after the rows are inserted — so their positions are taken — and before COMMIT. Used to create
 * "the slow transaction": a writer that takes its position early and commits late while others
 * keep committing. Never use it in product code.
 */
export function appendWithDelayBeforeCommit(
  pool: pg.Pool,
  streamId: string,
  events: NewEvent[],
  options: { expectedVersion: ExpectedVersion; beforeCommit: BeforeCommitHook },
): Promise<AppendResult> {
  return appendToPostgres(pool, new AppendNotifier(pool, () => undefined), streamId, events, options.expectedVersion, { beforeCommit: options.beforeCommit });
}

export { readAllNaive } from './read.ts';
