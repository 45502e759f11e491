import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import type { PreparedQueries } from '../prepared-queries.ts';
import { atOrBefore, pointOfRow, type Point, type PositionWaiter } from '../wait-for-position.ts';
import { PROBLEM_COLUMNS, problemRow, type ProblemRow } from './problem-row.ts';

/** The problem bank as the queue sees it at one checkpoint. */
export interface CatalogueView {
  /** The read-model checkpoint the view is as of. */
  at: Point;
  /** Every problem by id. */
  problems: ReadonlyMap<string, ProblemRow>;
  /** Problems of the shared bank (no question-set problems) of a grade (or all of them), in one fixed order. */
  ofGrade(grade: number | null): readonly ProblemRow[];
  /** The knowledge model's learned difficulty of a problem within its topic (read_models.ability_problems), null before its first answer. */
  difficulty(problemId: string): number | null;
}

export const UUID_TEXT = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

const stateRow = z.object({ fingerprint: z.string(), position: z.string(), transaction_id: z.string().nullable() });
const changesRow = stateRow.extend({ difficulties: z.array(z.unknown()), created: z.array(z.string()) });

/**
 * read_models' checkpoint (with its event's transaction id when events are in PostgreSQL) and
 * fingerprint. Hot: every moved checkpoint's catalogue and learner queries start with it. The bank
 * size (a count over every problem, ~0.5 ms at 3,000 problems, three times per read-your-write
 * read) is read only where the whole catalogue is (`loadAll`).
 */
export const READ_MODELS_STATE = (eventsInPostgres: boolean) => sql.fragment`
  SELECT s.fingerprint, s.position::text AS position,
         ${eventsInPostgres ? sql.fragment`(SELECT e.transaction_id::text FROM public.events e WHERE e.position = s.position)` : sql.fragment`NULL::text`} AS transaction_id
  FROM read_models.projection_state s`;

/**
 * The problem bank and the ability model's problem difficulties, in memory, as of a projector
 * checkpoint. Problems never change once created; difficulties move with every answer. A request
 * asks for the view at least as fresh as the checkpoint its waiter knows (`viewAt`), which costs
 * nothing while the checkpoint stays, and one query shared by every waiting request when it has
 * moved: the events between the two checkpoints (PostgreSQL store, `public.events` in reading
 * order) name the problems answered, rated or created since, and only those rows are read again —
 * in the same snapshot as the checkpoint, so the view is exactly the read models at it. Everything
 * is read again at start, when the read models were rebuilt with other definitions (fingerprint),
 * and, with EventStoreDB (no events table to diff), at every move: the difficulties in full, the
 * problems when their number changed.
 */
/** A view with what refreshing it needs. */
interface Snapshot extends CatalogueView {
  fingerprint: string;
  /** Number of problems in the read model. */
  size: number;
  difficulties: ReadonlyMap<string, number>;
}

export class ProblemCatalogue {
  private view: Snapshot | undefined;
  private refreshing: Promise<void> | undefined;

  constructor(
    private readonly pool: DatabasePool,
    private readonly prepared: PreparedQueries,
    private readonly eventsInPostgres: boolean,
  ) {}

  async viewAt(checkpoint: Point): Promise<CatalogueView> {
    // At most two reads: one that started before the checkpoint moved may not include it, the next one does.
    for (let attempt = 0; attempt < 2 && (!this.view || !atOrBefore(checkpoint, this.view.at)); attempt += 1) await this.refreshed();
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
    if (!view || !this.eventsInPostgres) return this.loadAll(view);
    // Prepared: on every checkpoint move (unnamed it was planned every time, 0.24 ms for 0.07–0.6 ms of running).
    const changes = await this.prepared.one('mathdaily-catalogue-changes', sql.type(changesRow)`
      WITH c AS MATERIALIZED (${READ_MODELS_STATE(true)}),
      changed AS MATERIALIZED (
        SELECT e.type, coalesce(e.data ->> 'problemId', e.data ->> 'problem_id') AS problem_id
        FROM public.events e, c
        WHERE (e.transaction_id, e.position) > (${view.at.transactionId.toString()}::xid8, ${view.at.position.toString()}::bigint)
          AND (e.transaction_id, e.position) <= (c.transaction_id::xid8, c.position::bigint)
          AND e.type IN ('AnswerSubmitted', 'DifficultyRated', 'ProblemCreated')
      ), ids AS (
        SELECT DISTINCT type = 'ProblemCreated' AS created, problem_id::uuid AS problem_id FROM changed WHERE problem_id ~ ${UUID_TEXT}
      )
      SELECT c.*,
        (SELECT coalesce(json_agg(json_build_array(ap.problem_id, ap.difficulty)), '[]'::json)
         FROM read_models.ability_problems ap WHERE ap.problem_id IN (SELECT problem_id FROM ids WHERE NOT created)) AS difficulties,
        (SELECT coalesce(json_agg(problem_id), '[]'::json) FROM ids WHERE created) AS created
      FROM c`);
    if (changes.fingerprint !== view.fingerprint || changes.transaction_id === null) return this.loadAll(undefined);
    const difficulties = new Map(view.difficulties);
    for (const [problemId, difficulty] of changes.difficulties as [string, number][]) difficulties.set(problemId, difficulty);
    const created = changes.created.length === 0 ? [] : await this.pool.any(sql.type(problemRow)`
      SELECT ${PROBLEM_COLUMNS} FROM read_models.problems p WHERE p.problem_id = ANY(${sql.array(changes.created, 'uuid')})`);
    const problems = created.length === 0 ? view.problems : new Map([...view.problems, ...created.map((row) => [row.problem_id, row] as const)]);
    // Problems are never removed: the view holds every row the table has at this checkpoint.
    this.view = catalogueView(problems, difficulties, { at: pointOfRow(changes), fingerprint: changes.fingerprint, size: problems.size });
  }

  /** Everything in one snapshot; the problem rows only when they may have changed. */
  private async loadAll(previous: Snapshot | undefined): Promise<void> {
    this.view = await this.pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
      const state = await tx.one(sql.type(stateRow.extend({ problems: z.number() }))`
        SELECT c.*, (SELECT count(*) FROM read_models.problems) AS problems FROM (${READ_MODELS_STATE(this.eventsInPostgres)}) c`);
      const keep = previous && previous.fingerprint === state.fingerprint && previous.size === state.problems;
      const problems = keep
        ? previous.problems
        : new Map((await tx.any(sql.type(problemRow)`SELECT ${PROBLEM_COLUMNS} FROM read_models.problems p ORDER BY p.problem_id`)).map((row) => [row.problem_id, row]));
      const difficulties = await tx.oneFirst(sql.type(z.object({ d: z.array(z.unknown()) }))`
        SELECT coalesce(json_agg(json_build_array(problem_id, difficulty)), '[]'::json) AS d FROM read_models.ability_problems`);
      return catalogueView(problems, new Map(difficulties as [string, number][]), { at: pointOfRow(state), fingerprint: state.fingerprint, size: state.problems });
    });
  }
}

function catalogueView(
  problems: ReadonlyMap<string, ProblemRow>,
  difficulties: ReadonlyMap<string, number>,
  state: { at: Point; fingerprint: string; size: number },
): Snapshot {
  const all = [...problems.values()].filter((row) => row.question_set_id === null);
  const byGrade = new Map<number, ProblemRow[]>();
  for (const row of all) {
    const grade = byGrade.get(row.grade);
    if (grade) grade.push(row);
    else byGrade.set(row.grade, [row]);
  }
  return {
    ...state,
    problems,
    difficulties,
    ofGrade: (grade) => (grade === null ? all : (byGrade.get(grade) ?? [])),
    difficulty: (problemId) => difficulties.get(problemId) ?? null,
  };
}

const catalogues = new WeakMap<PositionWaiter, ProblemCatalogue>();

/** The catalogue of the read models this waiter follows. */
export function problemCatalogueOf(deps: { pool: DatabasePool; prepared: PreparedQueries; waiter: PositionWaiter }): ProblemCatalogue {
  let catalogue = catalogues.get(deps.waiter);
  if (!catalogue) catalogues.set(deps.waiter, (catalogue = new ProblemCatalogue(deps.pool, deps.prepared, deps.waiter.eventsInPostgres)));
  return catalogue;
}
