import { newEvent, type EventContext, type NewEvent } from '@mathdaily/domain';
import { ConcurrencyError, DuplicateEventIdError, type EventStore } from '@mathdaily/event-store';
import type { ProblemTemplate } from '@mathdaily/domain/problems/template';
import { problemBankSeededSchema, type ProblemBankSeededData } from '@mathdaily/domain/problems/events';
import { creationEventId, generatedProblemId, PROBLEM_ID_NAMESPACE, uuidV5 } from './problem-ids.ts';

/**
 * The generated problem bank, stored as events (see docs/problem-bank.md).
 *
 * Every (template, seed) pair becomes one `problem-{id}` stream holding one ProblemCreated, with
 * an id derived from the pair (UUID v5) and an event id derived from the problem id. The
 * `problem-bank` stream records each finished seeding as ProblemBankSeeded { version, count,
 * seeds }, where `seeds` says how many seeds of each template are stored. On start:
 * - the recorded version is current → nothing is appended (one stream read);
 * - a newer bank version (more templates, more seeds) → only the missing pairs are appended;
 * - a seeding that stopped halfway → redone; appends of events already stored are no-ops
 *   (same event id) and streams that exist are skipped ('no_stream').
 * Several servers starting together are safe for the same reasons. Start-up waits only for the
 * first seeds of every template (`ready`); the rest is appended in the background.
 */
/**
 * Raised whenever templates are added or a template's seeds grow, so banks seeded before get the
 * new pairs. 2: issue 31's two new templates (grade-1 same-coin counting; 2, 5 and 10 times tables)
 * and grade ranges moved.
 */
export const PROBLEM_BANK_VERSION = 2;
export const PROBLEM_BANK_STREAM = 'problem-bank';

/** Seeds per template: at least 12, and at least 3 per grade the template covers. */
const MIN_SEEDS_PER_TEMPLATE = 12;
const MIN_SEEDS_PER_GRADE = 3;
/** Problems appended per transaction (appendMany). */
const CHUNK_SIZE = 100;

export function seedsFor(template: Pick<ProblemTemplate, 'grades'>): number {
  return Math.max(MIN_SEEDS_PER_TEMPLATE, MIN_SEEDS_PER_GRADE * template.grades.length);
}

/** Seeds stored before start-up goes on: one per grade the template covers, at least two. */
function coreSeedsFor(template: Pick<ProblemTemplate, 'grades'>): number {
  return Math.max(2, template.grades.length);
}

/** Seeds run 1..n; the grade cycles through the template's grades, so every grade gets its share. */
export function gradeForSeed(template: Pick<ProblemTemplate, 'grades'>, seed: number): number {
  return template.grades[(seed - 1) % template.grades.length]!;
}

type ProblemBankSeeded = ProblemBankSeededData;

export interface SeedProblemBankOptions {
  store: EventStore;
  clock: () => Date;
  log?: (line: string) => void;
  /** Defaults: the domain's templates, PROBLEM_BANK_VERSION, seedsFor. */
  templates?: readonly ProblemTemplate[];
  version?: number;
  seedsPerTemplate?: (template: ProblemTemplate) => number;
  /** Seeds per template that `ready` waits for (default coreSeedsFor). */
  coreSeedsPerTemplate?: (template: ProblemTemplate) => number;
  /** Chunks in flight at once (default 2). */
  concurrency?: number;
}

export interface SeedProblemBankResult {
  version: number;
  /** Problems in the bank (this seeding's plan). */
  count: number;
  /** ProblemCreated events appended now (0 when the bank was already seeded). */
  appended: number;
  /** Planned problems whose stream already existed. */
  existing: number;
  /** Pairs whose generator threw or made an invalid problem ('template seed n: message'); left out. */
  failed: string[];
  seconds: number;
}

export interface ProblemBankSeeding {
  /**
   * Resolves once the first seeds of every template are stored (one per grade it covers, at least
   * two): from then on every topic and grade has problems. Rejects when they cannot be stored.
   */
  ready: Promise<void>;
  /** Resolves when the whole bank is stored and marked (ProblemBankSeeded). */
  done: Promise<SeedProblemBankResult>;
}

/**
 * Starts seeding. Start-up awaits `ready` only: the first seeds of every template go first, the
 * rest follow in the background (a first start on a busy machine otherwise waits for thousands of
 * single-stream appends). A stop before `done` leaves no marker; the next start completes the bank.
 */
const seedings = new WeakMap<EventStore, Promise<SeedProblemBankResult>>();

/**
 * The whole-bank seeding last started on this store (by start-up), or null: lets tests and tools
 * wait for the complete bank instead of polling. Never rejects (a failed seeding gives null).
 */
export function problemBankSeeded(store: EventStore): Promise<SeedProblemBankResult | null> {
  return (seedings.get(store) ?? Promise.resolve(null)).catch(() => null);
}

export function startProblemBankSeeding(options: SeedProblemBankOptions): ProblemBankSeeding {
  let resolveReady!: () => void;
  let rejectReady!: (error: unknown) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  ready.catch(() => {}); // a caller may only watch `done`
  const done = seed(options, () => resolveReady());
  done.then(
    () => resolveReady(),
    (error: unknown) => rejectReady(error),
  );
  seedings.set(options.store, done);
  return { ready, done };
}

/** The whole seeding, awaited. */
export function seedProblemBank(options: SeedProblemBankOptions): Promise<SeedProblemBankResult> {
  return startProblemBankSeeding(options).done;
}

async function seed(options: SeedProblemBankOptions, onReady: () => void): Promise<SeedProblemBankResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const { store } = options;
  const version = options.version ?? PROBLEM_BANK_VERSION;
  const templates = options.templates ?? (await import('@mathdaily/domain/problems/templates')).problemTemplates;
  const seedsPerTemplate = options.seedsPerTemplate ?? seedsFor;
  const coreSeedsPerTemplate = options.coreSeedsPerTemplate ?? coreSeedsFor;
  const elapsed = () => (performance.now() - started) / 1000;

  const bank = await store.readStream(PROBLEM_BANK_STREAM);
  let done: ProblemBankSeeded | null = null;
  for (const event of bank.events) {
    if (event.type !== 'ProblemBankSeeded') continue;
    const parsed = problemBankSeededSchema.safeParse(event.data);
    if (parsed.success && (done === null || parsed.data.version >= done.version)) done = parsed.data;
  }
  if (done && done.version >= version) {
    return { version: done.version, count: done.count, appended: 0, existing: done.count, failed: [], seconds: elapsed() };
  }

  const plan = new Map<string, number>();
  for (const template of templates) plan.set(template.id, seedsPerTemplate(template));
  const count = [...plan.values()].reduce((sum, n) => sum + n, 0);
  const at = options.clock().toISOString();
  // One seeding is one flow: every event it appends shares its correlation id.
  const seeding: EventContext = { actorId: null, correlationId: `problem-bank-v${version}`, causationId: `problem-bank-v${version}`, at };

  // The pairs a finished earlier seeding did not cover: every template's first seeds, then the rest.
  const core: WorkItem[] = [];
  const rest: WorkItem[] = [];
  for (const template of templates) {
    const from = (done?.seeds[template.id] ?? 0) + 1;
    const coreSeeds = Math.min(plan.get(template.id)!, coreSeedsPerTemplate(template));
    for (let seed = from; seed <= plan.get(template.id)!; seed++) (seed <= coreSeeds ? core : rest).push({ template, seed });
  }
  const work = [...core, ...rest];

  let appended = 0;
  let existing = count - work.length;
  const failed: string[] = [];
  let coreLeft = core.length;
  const finished = (index: number) => {
    if (index < core.length && --coreLeft === 0) {
      if (rest.length > 0) log(`problem bank v${version}: first ${core.length} problems stored in ${elapsed().toFixed(1)} s; ${rest.length} more follow in the background`);
      onReady();
    }
  };
  if (coreLeft === 0) onReady();

  let next = 0;
  const problemEvent = (item: WorkItem): { streamId: string; event: NewEvent } | null => {
    const problemId = generatedProblemId(item.template.id, item.seed);
    try {
      const problem = item.template.generate(item.seed, { grade: gradeForSeed(item.template, item.seed) });
      return {
        streamId: `problem-${problemId}`,
        event: newEvent({ type: 'ProblemCreated', data: { problem_id: problemId, ...problem, source: 'generator' } }, seeding, creationEventId(problemId)),
      };
    } catch (error) {
      // A generator bug must not stop the app from starting: the pair is left out and reported.
      failed.push(`${item.template.id} seed ${item.seed}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      return null;
    }
  };
  /** One by one: skips streams that exist (an earlier or concurrent seeding stored them). */
  const appendOne = async (streamId: string, event: NewEvent) => {
    try {
      const result = await store.append(streamId, [event], { expectedVersion: 'no_stream' });
      // Re-appending a stored event (same id) returns the original result, from before this seeding.
      if (result.position > positionBefore) appended += 1;
      else existing += 1;
    } catch (error) {
      if (error instanceof ConcurrencyError || error instanceof DuplicateEventIdError) existing += 1;
      else throw error;
    }
  };
  const worker = async () => {
    for (;;) {
      const from = next;
      const chunk = work.slice(from, from + CHUNK_SIZE);
      next += chunk.length;
      if (chunk.length === 0) return;
      const parts = chunk.map(problemEvent).filter((part): part is { streamId: string; event: NewEvent } => part !== null);
      try {
        // A whole chunk in one transaction; when part of it exists already, fall back to one by one.
        await store.appendMany(parts.map((part) => ({ streamId: part.streamId, events: [part.event], expectedVersion: 'no_stream' as const })));
        appended += parts.length;
      } catch (error) {
        if (!(error instanceof ConcurrencyError || error instanceof DuplicateEventIdError)) {
          next = work.length; // stop the other workers too
          throw error;
        }
        for (const part of parts) await appendOne(part.streamId, part.event);
      }
      chunk.forEach((_, offset) => finished(from + offset));
    }
  };
  const positionBefore = await store.lastPosition();
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 2) }, worker));

  const marker = newEvent(
    { type: 'ProblemBankSeeded', data: { version, count: count - failed.length, seeds: Object.fromEntries(plan) } },
    seeding,
    uuidV5(`problem-bank:v${version}`, PROBLEM_ID_NAMESPACE),
  );
  try {
    await store.append(PROBLEM_BANK_STREAM, [marker], { expectedVersion: bank.exists ? bank.version : 'no_stream' });
  } catch (error) {
    // Another server finished the same seeding first.
    if (!(error instanceof ConcurrencyError)) throw error;
  }
  const seconds = elapsed();
  const stored = count - failed.length;
  log(`problem bank v${version}: ${stored} problems from ${templates.length} templates; appended ${appended} in ${seconds.toFixed(1)} s`);
  if (failed.length > 0) {
    log(`problem bank v${version}: ${failed.length} problems could not be generated and were left out: ${failed.slice(0, 5).join('; ')}${failed.length > 5 ? '; …' : ''}`);
  }
  return { version, count: stored, appended, existing, failed, seconds };
}

interface WorkItem {
  template: ProblemTemplate;
  seed: number;
}
