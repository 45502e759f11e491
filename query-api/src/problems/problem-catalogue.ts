import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import type { MetricsRegistry } from '@mathdaily/api-kit';
import type { PreparedQueries } from '../prepared-queries.ts';
import { queryMetricsOf, type QueryMetrics } from '../query-metrics.ts';
import type { FeedBatch, PositionWaiter } from '../wait-for-position.ts';
import { PROBLEM_COLUMNS, problemRow, type ProblemRow } from './problem-row.ts';

/** The problem bank as the queue sees it at one batch of the change feed. */
export interface CatalogueView {
  /** The change feed batch the view includes (and everything before it). */
  at: number;
  /** Every problem by id. */
  problems: ReadonlyMap<string, ProblemRow>;
  /** Problems of the shared bank (no question-set problems) of a grade (or all of them), in one fixed order. */
  ofGrade(grade: number | null): readonly ProblemRow[];
  /** The knowledge model's learned difficulty of a problem within its topic (read_models.ability_problems), null before its first answer. */
  difficulty(problemId: string): number | null;
}

/** The read models' last batch number, read in the same statement (snapshot) as what a cache reads with it. */
export const BATCH_SEQ = sql.fragment`(SELECT batch_seq FROM read_models.projection_state)::float8`;

const changesRow = z.object({ difficulties: z.array(z.unknown()) });

/** A view with what refreshing it needs. */
interface Snapshot extends CatalogueView {
  difficulties: ReadonlyMap<string, number>;
}

/** Batches waiting to be folded into the view beyond this many are not worth sorting out: everything is read again. */
const PENDING_LIMIT = 1_000;

/**
 * The problem bank and the ability model's problem difficulties, in memory, as of a batch of the
 * projector's change feed. Problems never change once created; difficulties move with every
 * answer. Each batch the waiter hands on names the problems it created and the ones answered or
 * rated (docs/change-feed.md); a request asks for the view at least as fresh as the batch its
 * waiter knows (`viewAt`), which costs nothing while nothing changed, and one query shared by
 * every waiting request when something did: those problems' difficulties and new rows. A reset
 * (a replay put new read models in place) or a long backlog reads everything again, in one snapshot.
 */
export class ProblemCatalogue {
  private view: Snapshot | undefined;
  private refreshing: Promise<void> | undefined;
  /** Batches after the view's, as the waiter handed them on. */
  private pending: FeedBatch[] = [];

  constructor(
    private readonly pool: DatabasePool,
    private readonly prepared: PreparedQueries,
    waiter: PositionWaiter,
    private readonly metrics: QueryMetrics = queryMetricsOf(undefined),
  ) {
    waiter.onAdvance((batch) => {
      this.pending.push(batch);
      if (this.pending.length > PENDING_LIMIT) this.pending = [{ ...batch, reset: true, changes: null }];
    });
  }

  async viewAt(seq: number): Promise<CatalogueView> {
    // At most two reads: one that started before the batch arrived may not include it, the next one does.
    for (let attempt = 0; attempt < 2 && (!this.view || this.view.at < seq); attempt += 1) await this.refreshed();
    return this.view!;
  }

  /** The view after one more read: for a request that saw read models newer than the view. */
  async latest(): Promise<CatalogueView> {
    const started = this.refreshing;
    await this.refreshed();
    if (started) await this.refreshed();
    return this.view!;
  }

  private refreshed(): Promise<void> {
    this.refreshing ??= this.refresh().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async refresh(): Promise<void> {
    const view = this.view;
    const batches = this.pending.filter((batch) => !view || batch.seq > view.at);
    if (!view || batches.some((batch) => batch.reset || !batch.changes)) return this.loadAll();
    if (batches.length === 0) return;
    const answered = new Set(batches.flatMap((batch) => batch.changes!.problemsAnswered));
    const created = [...new Set(batches.flatMap((batch) => batch.changes!.problemsCreated))];
    const at = batches.at(-1)!.seq;
    if (answered.size === 0 && created.length === 0) {
      this.view = { ...view, at };
      this.pending = this.pending.filter((batch) => batch.seq > at);
      return;
    }
    this.metrics.catalogueRead('changes');
    // Prepared: on every batch that answered or created problems (unnamed it was planned every time).
    const changes = await this.prepared.one('mathdaily-catalogue-changes', sql.type(changesRow)`
      SELECT coalesce(json_agg(json_build_array(ap.problem_id, ap.difficulty)), '[]'::json) AS difficulties
      FROM read_models.ability_problems ap WHERE ap.problem_id = ANY(${sql.array([...answered], 'uuid')})`);
    const difficulties = new Map(view.difficulties);
    for (const [problemId, difficulty] of changes.difficulties as [string, number][]) difficulties.set(problemId, difficulty);
    const rows = created.length === 0 ? [] : await this.pool.any(sql.type(problemRow)`
      SELECT ${PROBLEM_COLUMNS} FROM read_models.problems p WHERE p.problem_id = ANY(${sql.array(created, 'uuid')})`);
    const problems = rows.length === 0 ? view.problems : new Map([...view.problems, ...rows.map((row) => [row.problem_id, row] as const)]);
    // The rows are at least as new as `at`; later batches are folded in next time (re-reading is harmless).
    this.view = catalogueView(problems, difficulties, at);
    this.pending = this.pending.filter((batch) => batch.seq > at);
  }

  /** Everything in one snapshot. */
  private async loadAll(): Promise<void> {
    this.metrics.catalogueRead('whole');
    this.view = await this.pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
      const seq = await tx.oneFirst(sql.type(z.object({ seq: z.number() }))`SELECT ${BATCH_SEQ} AS seq`);
      const problems = new Map((await tx.any(sql.type(problemRow)`SELECT ${PROBLEM_COLUMNS} FROM read_models.problems p ORDER BY p.problem_id`)).map((row) => [row.problem_id, row]));
      const difficulties = await tx.oneFirst(sql.type(z.object({ d: z.array(z.unknown()) }))`
        SELECT coalesce(json_agg(json_build_array(problem_id, difficulty)), '[]'::json) AS d FROM read_models.ability_problems`);
      return catalogueView(problems, new Map(difficulties as [string, number][]), seq);
    });
    const at = this.view.at;
    this.pending = this.pending.filter((batch) => batch.seq > at);
  }
}

function catalogueView(problems: ReadonlyMap<string, ProblemRow>, difficulties: ReadonlyMap<string, number>, at: number): Snapshot {
  const all = [...problems.values()].filter((row) => row.question_set_id === null);
  const byGrade = new Map<number, ProblemRow[]>();
  for (const row of all) {
    const grade = byGrade.get(row.grade);
    if (grade) grade.push(row);
    else byGrade.set(row.grade, [row]);
  }
  return {
    at,
    problems,
    difficulties,
    ofGrade: (grade) => (grade === null ? all : (byGrade.get(grade) ?? [])),
    difficulty: (problemId) => difficulties.get(problemId) ?? null,
  };
}

const catalogues = new WeakMap<PositionWaiter, ProblemCatalogue>();

/** The catalogue of the read models this waiter follows. */
export function problemCatalogueOf(deps: { pool: DatabasePool; prepared: PreparedQueries; waiter: PositionWaiter; metrics?: MetricsRegistry }): ProblemCatalogue {
  let catalogue = catalogues.get(deps.waiter);
  if (!catalogue) catalogues.set(deps.waiter, (catalogue = new ProblemCatalogue(deps.pool, deps.prepared, deps.waiter, queryMetricsOf(deps.metrics))));
  return catalogue;
}
