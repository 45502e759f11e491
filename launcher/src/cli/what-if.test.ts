import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KNOWLEDGE_MODEL_PARAMETERS, type ReviewState } from '@mathdaily/domain';
import type { LearnerKnowledge, TopicKnowledge } from '@mathdaily/domain/learning/knowledge-model';
import { readModels, rebuildReadModels } from '@mathdaily/projector';
import { appendMixedHistory } from '@mathdaily/projector/testing/mixed-history';
import { projectorFixture, type ProjectorFixture } from '@mathdaily/projector/testing/projector-fixture';
import { collectOutput } from './collect-output.ts';
import { LIVE_LEARNING_CONFIG } from './what-if/config.ts';
import { replayWhatIf, runWhatIfCli, WHAT_IF_SCHEMA_MARKER, type WhatIfResult } from './what-if.ts';

/** What-if on a generated history: the live configuration gives the live read models' own figures. */

let fixture: ProjectorFixture;
let dir: string;
let sameAsLive: WhatIfResult;

const liveDigest = () =>
  fixture.pool.oneFirst(sql.unsafe`SELECT md5(string_agg(t::text, ',' ORDER BY t::text)) FROM (SELECT * FROM read_models.review_states) t`);

beforeAll(async () => {
  fixture = await projectorFixture();
  process.env.DATABASE_URL = fixture.databaseUrl;
  dir = await mkdtemp(path.join(tmpdir(), 'what-if-'));
  await appendMixedHistory(fixture.store, { students: 8, answersPerStudent: 40, seed: 20261124 });
  await rebuildReadModels({ pool: fixture.pool, store: fixture.store, models: readModels });
  sameAsLive = await replayWhatIf(fixture.store, LIVE_LEARNING_CONFIG);
}, 120_000);

afterAll(async () => {
  delete process.env.DATABASE_URL;
  await fixture?.close();
});

describe('npm run what-if', () => {
  test('the live configuration ends exactly where the live read models are', async () => {
    const rows = await fixture.pool.any(sql.unsafe`SELECT user_id, problem_id, state FROM read_models.review_states`);
    expect(rows.length).toBeGreaterThan(50);
    expect(sameAsLive.liveFold.reviews.size).toBe(rows.length);
    for (const row of rows as readonly { user_id: string; problem_id: string; state: ReviewState }[]) {
      expect(sameAsLive.liveFold.reviews.get(`${row.user_id}\u0000${row.problem_id}`)).toEqual(row.state);
    }
    // Topic states and mastery (ratings and hints included) as ability-model keeps them.
    const topics = (await fixture.pool.any(sql.unsafe`SELECT user_id, topic_id, state, mastered, solved, first_mastered_at, success_days, to_char(last_success_date, 'YYYY-MM-DD') AS last_success_date
      FROM read_models.ability_student_topics`)) as readonly {
      user_id: string;
      topic_id: string;
      state: TopicKnowledge;
      mastered: boolean;
      solved: number;
      first_mastered_at: string | null;
      success_days: number;
      last_success_date: string | null;
    }[];
    expect(sameAsLive.liveFold.topics.size).toBe(topics.length);
    for (const topic of topics) {
      const key = `${topic.user_id}\u0000${topic.topic_id}`;
      expect(sameAsLive.liveFold.topics.get(key)).toEqual(topic.state);
      expect(sameAsLive.liveFold.mastery.get(key)).toEqual({
        mastered: topic.mastered,
        everMastered: topic.first_mastered_at !== null,
        solved: topic.solved,
        successDays: { days: topic.success_days, last: topic.last_success_date },
      });
    }
    expect(sameAsLive.live.mastery.topicsEverMastered).toBe(topics.filter((topic) => topic.first_mastered_at !== null).length);
    expect(sameAsLive.live.mastery.topicsEverMastered).toBeGreaterThan(0);
    expect(sameAsLive.live.mastery.problemsMasteredAtEnd).toBe(
      await fixture.pool.oneFirst(sql.unsafe`SELECT coalesce(sum(problems_mastered), 0)::int FROM read_models.ability_student_topics`),
    );
    const problems = (await fixture.pool.any(sql.unsafe`SELECT problem_id, difficulty, attempts FROM read_models.ability_problems`)) as readonly { problem_id: string; difficulty: number; attempts: number }[];
    expect(sameAsLive.liveFold.problems.size).toBe(problems.length);
    for (const problem of problems) expect(sameAsLive.liveFold.problems.get(problem.problem_id)).toEqual({ difficulty: problem.difficulty, attempts: problem.attempts });
    const learners = (await fixture.pool.any(sql.unsafe`SELECT user_id, state FROM read_models.ability_students`)) as readonly { user_id: string; state: LearnerKnowledge }[];
    for (const learner of learners) expect(sameAsLive.liveFold.learners.get(learner.user_id)).toEqual(learner.state);
    // Both columns come from the same configuration.
    expect(sameAsLive.candidate).toEqual(sameAsLive.live);
    expect(sameAsLive.live.correctness.n).toBe(await fixture.pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM read_models.attempts`));
  });

  test('another configuration from a file: printed beside the live one, written to its own schema, the live schema untouched', async () => {
    const before = await liveDigest();
    const file = path.join(dir, 'candidate.json');
    // A second parameter file: the product's with a lower bias, so the model predicts less success and masters fewer topics.
    const parameters = path.join(dir, 'parameters.json');
    await writeFile(parameters, JSON.stringify({ ...KNOWLEDGE_MODEL_PARAMETERS, weights: { ...KNOWLEDGE_MODEL_PARAMETERS.weights, bias: KNOWLEDGE_MODEL_PARAMETERS.weights.bias! - 1 } }));
    await writeFile(file, JSON.stringify({ fsrs: { requestRetention: 0.8 }, knowledgeModel: 'parameters.json', targetSuccessRate: 0.6 }));
    const io = collectOutput();
    expect(await runWhatIfCli(['--config', file, '--schema', 'what_if_test'], io)).toBe(0);
    const report = io.text.stdout;
    expect(report).toMatch(/AUC\s+\d\.\d{3}\s+\d\.\d{3}/);
    expect(report).toMatch(/target\s+0\.75\s+0\.60/);
    expect(report).toContain('Reviews due per day (UTC)');
    const mastered = /topics ever mastered\s+(\d+)\s+(\d+)/.exec(report)!;
    expect(Number(mastered[1])).toBe(sameAsLive.live.mastery.topicsEverMastered);
    expect(Number(mastered[2])).toBeLessThan(Number(mastered[1]));
    const answers = sameAsLive.live.correctness.n;
    expect(report).toMatch(new RegExp(`answers\\s+${answers.toLocaleString('en-GB')}\\s+${answers.toLocaleString('en-GB')}`));
    // One scheduled review per answer in both, but lower retention puts them later.
    const due = (await fixture.pool.one(sql.unsafe`
      SELECT sum(live)::int AS live, sum(candidate)::int AS candidate,
             sum(live * (day - DATE '2026-01-01'))::float8 / sum(live) AS live_mean_day,
             sum(candidate * (day - DATE '2026-01-01'))::float8 / sum(candidate) AS candidate_mean_day
      FROM what_if_test.due_per_day`)) as { live: number; candidate: number; live_mean_day: number; candidate_mean_day: number };
    expect(due.live).toBe([...sameAsLive.live.dueByDay.values()].reduce((a, b) => a + b, 0));
    expect(due.candidate).toBe(due.live);
    expect(due.candidate_mean_day).toBeGreaterThan(due.live_mean_day);
    expect(await fixture.pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM what_if_test.forecasts`)).toBe(answers);
    // The live column of the final review states is the live read model's.
    expect(
      await fixture.pool.oneFirst(sql.unsafe`
        SELECT count(*)::int FROM what_if_test.review_states w JOIN read_models.review_states r USING (user_id, problem_id)
        LEFT JOIN read_models.ability_student_topics t ON t.user_id = r.user_id AND t.topic_id = r.topic_id
        WHERE w.live_due = r.due_at AND w.live_stability = r.stability AND w.live_mastered = (r.last_is_correct AND t.mastered)`),
    ).toBe(sameAsLive.liveFold.reviews.size);
    expect(await fixture.pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM what_if_test.review_states WHERE candidate_due > live_due`)).toBeGreaterThan(0);
    expect(await liveDigest()).toBe(before);
  });

  test('a bad config file or schema: a clear message and exit code 2', async () => {
    const bad = path.join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify({ fsrs: { requestRetention: 1.5 } }));
    const io = collectOutput();
    expect(await runWhatIfCli(['--config', bad], io)).toBe(2);
    expect(io.text.stderr).toContain('fsrs.requestRetention: requestRetention must be below 1');
    const missing = collectOutput();
    expect(await runWhatIfCli([], missing)).toBe(2);
    expect(missing.text.stderr).toContain('--config FILE is required.');
    const live = collectOutput();
    expect(await runWhatIfCli(['--config', bad.replace('bad', 'candidate'), '--schema', 'read_models'], live)).toBe(2);
    expect(live.text.stderr).toContain('--schema read_models is in use by the product');
  });

  test('steps beyond a year, weights outside what FSRS takes and a FIFO are refused with a message, exit code 2', async () => {
    const cases: [unknown, string][] = [
      [{ fsrs: { learningSteps: ['99999999999999999999d'] } }, "fsrs.learningSteps.0: steps are like '1m', '10m', '1h' or '1d'"],
      [{ fsrs: { relearningSteps: ['400d'] } }, 'fsrs.relearningSteps.0: a step can be at most a year (365d)'],
      [{ fsrs: { weights: Array.from({ length: 21 }, () => 1e308) } }, 'fsrs.weights: weight 0 must be from 0.001 to 100, not 1e+308'],
      [{ fsrs: { weights: Array.from({ length: 18 }, () => 1) } }, 'fsrs.weights: FSRS takes 17, 19 or 21 weights, not 18'],
    ];
    for (const [config, message] of cases) {
      const file = path.join(dir, 'loose.json');
      await writeFile(file, JSON.stringify(config));
      const io = collectOutput();
      expect(await runWhatIfCli(['--config', file], io), JSON.stringify(config)).toBe(2);
      expect(io.text.stderr).toContain(message);
    }
    const fifo = path.join(dir, 'config.fifo');
    execFileSync('mkfifo', [fifo]);
    const io = collectOutput();
    const started = Date.now();
    expect(await runWhatIfCli(['--config', fifo], io)).toBe(2);
    expect(io.text.stderr).toContain('it is not a regular file');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test('only a schema what-if made is ever replaced: every other schema in the database is refused and left as it was', async () => {
    const config = path.join(dir, 'candidate.json');
    await fixture.pool.query(sql.unsafe`CREATE SCHEMA analyst_notes`);
    await fixture.pool.query(sql.unsafe`CREATE TABLE analyst_notes.notes (note text)`);
    await fixture.pool.query(sql.unsafe`INSERT INTO analyst_notes.notes VALUES ('keep me')`);
    const digestOfSchemas = () =>
      fixture.pool.oneFirst(sql.unsafe`
        SELECT md5(string_agg(table_schema || '.' || table_name, ',' ORDER BY table_schema, table_name))
        FROM information_schema.tables WHERE table_schema NOT LIKE 'what_if%'`);
    const before = await digestOfSchemas();
    // Every schema there is now (the product's: public, read_models, runtime, reactors, …; and the analyst's own).
    const schemas = [...(await fixture.pool.anyFirst(sql.unsafe`
      SELECT nspname FROM pg_namespace WHERE nspname !~ '^pg_' AND coalesce(obj_description(oid, 'pg_namespace'), '') <> ${WHAT_IF_SCHEMA_MARKER}`))] as string[];
    expect(schemas).toEqual(expect.arrayContaining(['public', 'read_models', 'analyst_notes', 'information_schema']));
    for (const schema of schemas) {
      const io = collectOutput();
      expect(await runWhatIfCli(['--config', config, '--schema', schema], io), schema).toBe(2);
      expect(io.text.stderr).toMatch(new RegExp(`--schema ${schema} (already exists and was not made by what-if|is in use by the product)`));
    }
    expect(await digestOfSchemas()).toBe(before);
    expect(await fixture.pool.oneFirst(sql.unsafe`SELECT note FROM analyst_notes.notes`)).toBe('keep me');
    // Its own schema it replaces, run after run.
    for (let run = 0; run < 2; run++) expect(await runWhatIfCli(['--config', config, '--schema', 'what_if_again'], collectOutput())).toBe(0);
    expect(await fixture.pool.oneFirst(sql.unsafe`SELECT obj_description('what_if_again'::regnamespace, 'pg_namespace')`)).toBe(WHAT_IF_SCHEMA_MARKER);
  });
});
