import { sql, type DatabasePool } from 'slonik';

/** Rows written to a table before its first ANALYZE here, and the least between two. */
const FIRST_ANALYZE_AFTER_ROWS = 500;

/**
 * ANALYZE for read-model tables that are growing fast, so the planner's picture of them keeps up.
 * Tables start empty; the plans made then (a sequential scan is right for ten rows) are kept by
 * prepared statements — the live batch's loads here, the due queue's learner query in query-api —
 * until the table's statistics change, and autovacuum looks only once a minute. Under the bench,
 * with `review_states` at ~3,000 rows, each such scan took ~1.4 ms of a read-your-write read that
 * should take a fraction of that (docs/command-path.md). A table is analysed once the rows written
 * to it since its last ANALYZE here reach the row count that ANALYZE found (at least
 * FIRST_ANALYZE_AFTER_ROWS): a few times while it grows from empty, then about never, which leaves
 * steady-state upkeep to autovacuum. One ANALYZE at a time, off the batch path; a failure is logged and
 * the table is tried again after as many rows again.
 */
export class AnalyzeGrowingTables {
  private readonly writtenSince = new Map<string, number>();
  private readonly threshold = new Map<string, number>();
  private readonly due = new Set<string>();
  private running: Promise<void> | undefined;

  constructor(
    private readonly pool: DatabasePool,
    private readonly schema: string,
    private readonly log: (line: string) => void,
  ) {}

  /** Counts a committed batch's rows per table; starts the ANALYZEs that became due. */
  record(rowsByTable: ReadonlyMap<string, number>): void {
    for (const [table, rows] of rowsByTable) {
      const written = (this.writtenSince.get(table) ?? 0) + rows;
      this.writtenSince.set(table, written);
      if (written >= (this.threshold.get(table) ?? FIRST_ANALYZE_AFTER_ROWS)) this.due.add(table);
    }
    this.running ??= this.analyzeDue().finally(() => (this.running = undefined));
  }

  /** Resolves once no ANALYZE is running (the projector waits for it when it stops). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async analyzeDue(): Promise<void> {
    for (const table of this.due) {
      this.due.delete(table);
      this.writtenSince.set(table, 0);
      try {
        await this.pool.query(sql.unsafe`ANALYZE ${sql.identifier([this.schema, table])}`);
        const rows = await this.pool.oneFirst(sql.unsafe`
          SELECT greatest(reltuples, 0)::int8 FROM pg_class WHERE oid = ${`${this.schema}.${table}`}::regclass`);
        this.threshold.set(table, Math.max(FIRST_ANALYZE_AFTER_ROWS, Number(rows)));
      } catch (error) {
        this.log(`projector: ANALYZE ${table} failed (${error instanceof Error ? error.message : String(error)})`);
      }
    }
  }
}
