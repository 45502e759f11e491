import { sql, type DatabasePool } from 'slonik';
import { LruMap } from '@mathdaily/event-store';
import { PROBLEM_COLUMNS, problemRow, type ProblemRow } from './problem-row.ts';

/** Problems kept in memory: the whole bank (3,060 today) with room to grow. */
const CATALOGUE_LIMIT = 20_000;

/**
 * Rows of read_models.problems by id, loaded once: a problem never changes after ProblemCreated.
 * Ask for the ids a query found (`rowsOf`); those not held yet are read in one query, concurrent
 * askers share it. A problem created later is read the first time a query names it, so the
 * catalogue never serves a bank older than the read it answers. One catalogue per pool.
 */
export class ProblemCatalogue {
  /** A row, or the read that will bring it while that read runs. */
  private readonly rows = new LruMap<string, ProblemRow | Promise<ProblemRow | undefined>>(CATALOGUE_LIMIT);

  constructor(private readonly pool: DatabasePool) {}

  /** The rows of these problems (a problem not in the read model is left out). */
  async rowsOf(ids: Iterable<string>): Promise<Map<string, ProblemRow>> {
    const found = new Map<string, ProblemRow>();
    const pending: Promise<ProblemRow | undefined>[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row === undefined) missing.push(id);
      else if (row instanceof Promise) pending.push(row);
      else found.set(id, row);
    }
    if (missing.length > 0) {
      const loaded = this.pool
        .any(sql.type(problemRow)`
          SELECT ${PROBLEM_COLUMNS} FROM read_models.problems p WHERE p.problem_id = ANY(${sql.array([...new Set(missing)], 'uuid')})`)
        .then((rows) => new Map(rows.map((row) => [row.problem_id, row])));
      for (const id of new Set(missing)) {
        const row = loaded.then((rows) => rows.get(id));
        this.rows.set(id, row);
        pending.push(row);
        // Only problems found are kept: a failed read or an id not projected yet is read again next time.
        row.then(
          (value) => (value === undefined ? this.rows.delete(id) : this.rows.set(id, value)),
          () => this.rows.delete(id),
        );
      }
    }
    for (const row of await Promise.all(pending)) if (row) found.set(row.problem_id, row);
    return found;
  }
}

const catalogues = new WeakMap<DatabasePool, ProblemCatalogue>();

export function problemCatalogueOf(pool: DatabasePool): ProblemCatalogue {
  let catalogue = catalogues.get(pool);
  if (!catalogue) catalogues.set(pool, (catalogue = new ProblemCatalogue(pool)));
  return catalogue;
}
