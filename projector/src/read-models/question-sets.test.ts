import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { sql } from 'slonik';
import { z } from 'zod';
import { eventClock, expectReplayToRebuildTheSameRows, projectAll, projectorFixtureForFile } from '../testing/projector-fixture.ts';
import { problems } from './problems.ts';
import { questionSets } from './question-sets.ts';

/**
 * Question sets on a real database: a set's problems in order through adds, an edit and a removal,
 * its assignments, the set's problems marked in `problems`, and a replay that rebuilds identical rows.
 */

const models = [problems, questionSets];
const fixture = projectorFixtureForFile();

const clock = eventClock(Date.UTC(2026, 2, 2, 9), 60_000);
const event = clock.next;
const problem = (problemId: string, setId: string) =>
  event('ProblemCreated', {
    problem_id: problemId, topic: 'Fractions', topic_id: 'fractions', grade: 5, question: 'What is 1/2 + 1/4?', problem_type: 'numeric',
    answer_options: null, correct_answer: '3/4', answer_form: { kind: 'exact_fraction' }, hint: 'Quarters.', explanation: '3/4',
    difficulty_level: 2, estimated_time_seconds: 60, template_id: null, seed: null, source: 'tutor', question_set_id: setId,
  });

const project = () => projectAll(fixture, models, 3);

test('a set keeps its problems in order through adds, an edit and a removal; assignments; a replay rebuilds the same rows', async () => {
  const tutorId = randomUUID();
  const setId = randomUUID();
  const [a, b, c, edited] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const [s1, s2] = [randomUUID(), randomUUID()];
  const stream = `question-set-${setId}`;
  await fixture.store.append(stream, [event('QuestionSetCreated', { setId, tutorId, title: 'Week 1' })], { expectedVersion: 'no_stream' });
  for (const id of [a, b, c]) {
    await fixture.store.appendMany([
      { streamId: stream, events: [event('QuestionAddedToSet', { setId, problemId: id })], expectedVersion: 'any' },
      { streamId: `problem-${id}`, events: [problem(id, setId)], expectedVersion: 'no_stream' },
    ]);
  }
  await fixture.store.appendMany([
    { streamId: stream, events: [event('QuestionReplacedInSet', { setId, problemId: edited, replacedProblemId: b })], expectedVersion: 'any' },
    { streamId: `problem-${edited}`, events: [problem(edited, setId)], expectedVersion: 'no_stream' },
  ]);
  await fixture.store.append(
    stream,
    [
      event('QuestionRemovedFromSet', { setId, problemId: a }),
      event('QuestionSetRenamed', { setId, title: 'Week 1: fractions' }),
      event('QuestionSetAssigned', { setId, tutorId, studentIds: [s1] }),
      event('QuestionSetAssigned', { setId, tutorId, studentIds: [s2] }),
    ],
    { expectedVersion: 'any' },
  );
  await project();

  const set = await fixture.pool.one(sql.type(z.object({ tutor_id: z.string(), title: z.string(), problem_ids: z.array(z.string()) }))`
    SELECT tutor_id, title, problem_ids FROM read_models.question_sets WHERE set_id = ${setId}`);
  expect(set).toEqual({ tutor_id: tutorId, title: 'Week 1: fractions', problem_ids: [edited, c] });
  const assigned = await fixture.pool.anyFirst(sql.type(z.object({ student_id: z.string() }))`
    SELECT student_id FROM read_models.question_set_assignments WHERE set_id = ${setId} ORDER BY assigned_at`);
  expect(assigned).toEqual([s1, s2]);
  const inSet = await fixture.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
    SELECT count(*) AS n FROM read_models.problems WHERE question_set_id = ${setId}`);
  expect(inSet).toBe(4);

  await expectReplayToRebuildTheSameRows(fixture, models);
});

test('a set taken back leaves the student’s assignments; given again, it is back with its new time; a replay rebuilds the same rows', async () => {
  const tutorId = randomUUID();
  const setId = randomUUID();
  const [s1, s2] = [randomUUID(), randomUUID()];
  const stream = `question-set-${setId}`;
  const assignedTo = () =>
    fixture.pool.any(sql.type(z.object({ student_id: z.string(), assigned_at: z.string() }))`
      SELECT student_id, assigned_at FROM read_models.question_set_assignments WHERE set_id = ${setId} ORDER BY assigned_at, student_id`);
  await fixture.store.append(
    stream,
    [event('QuestionSetCreated', { setId, tutorId, title: 'Week 2' }), event('QuestionSetAssigned', { setId, tutorId, studentIds: [s1, s2] })],
    { expectedVersion: 'no_stream' },
  );
  await project();
  expect((await assignedTo()).map((row) => row.student_id).sort()).toEqual([s1, s2].sort());

  await fixture.store.append(stream, [event('QuestionSetUnassigned', { setId, tutorId, studentId: s1 })], { expectedVersion: 'any' });
  await project();
  expect((await assignedTo()).map((row) => row.student_id)).toEqual([s2]);

  // Taken back and given again in one batch: the row stays, with the time it was given again.
  await fixture.store.append(
    stream,
    [event('QuestionSetUnassigned', { setId, tutorId, studentId: s2 }), event('QuestionSetAssigned', { setId, tutorId, studentIds: [s2] })],
    { expectedVersion: 'any' },
  );
  await project();
  const rows = await assignedTo();
  expect(rows.map((row) => row.student_id)).toEqual([s2]);
  expect(rows[0]!.assigned_at).toBe(new Date(clock.now).toISOString());

  await expectReplayToRebuildTheSameRows(fixture, models);
});
