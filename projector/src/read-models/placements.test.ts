import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { sql } from 'slonik';
import { z } from 'zod';
import { currentPlacementQuestion, foldEvents, type NewEvent, placementDecider, type PlacementEvent, placementStreamId } from '@mathdaily/domain';
import { eventClock, expectReplayToRebuildTheSameRows, projectAll, projectorFixtureForFile } from '../testing/projector-fixture.ts';
import { abilityModel } from './ability-model.ts';
import { learnerProfiles } from './learner-profiles.ts';
import { placements } from './placements.ts';
import { reviewStates } from './review-states.ts';
import { users } from './users.ts';

/**
 * A finished placement check on a real database: the check's row, the starting grade in
 * learner_profiles (what the practice queue reads), the knowledge model seeded with its answers,
 * and a replay that rebuilds identical rows.
 */

const models = [users, learnerProfiles, reviewStates, abilityModel, placements];
const fixture = projectorFixtureForFile();

const clock = eventClock(Date.UTC(2026, 2, 2, 9), 20_000);
const envelope = (event: { type: string; data: unknown }): NewEvent => clock.next(event.type, event.data);

/** A student who knows grade 5 and below answers the check (the decider decides every step). */
function placedAtGrade5(userId: string): PlacementEvent[] {
  const events: PlacementEvent[] = placementDecider.decide({ type: 'StartPlacement', data: { userId, placementId: randomUUID(), seed: 3, statedGrade: null } }, placementDecider.initialState());
  while (events.at(-1)!.type !== 'PlacementCompleted') {
    const state = foldEvents(placementDecider, events);
    const { problem } = currentPlacementQuestion(state.current!);
    const knows = problem.grade <= 5;
    const command = { userId, placementId: state.current!.placementId, question: state.current!.answers.length + 1, userAnswer: problem.correct_answer, skipped: !knows, responseTimeMs: 9000 };
    events.push(...placementDecider.decide({ type: 'AnswerPlacement', data: command }, state));
  }
  return events;
}

const project = () => projectAll(fixture, models, 4);

test('a finished check sets the starting grade and seeds the knowledge model; a replay rebuilds the same rows', async () => {
  const userId = randomUUID();
  const registered = { userId, email: `p${userId.slice(0, 8)}@example.com`, firstName: 'Pia', lastName: 'Pupil', role: 'student', gradeLevel: null, timezone: 'Europe/London', passwordHash: 'x'.repeat(60), source: 'self-registration' };
  await fixture.store.append(`user-${userId}`, [envelope({ type: 'UserRegistered', data: registered })], { expectedVersion: 'no_stream' });
  const check = placedAtGrade5(userId);
  await fixture.store.append(placementStreamId(userId), check.map(envelope), { expectedVersion: 'no_stream' });
  await project();

  const answers = check.filter((e) => e.type === 'PlacementAnswerRecorded').map((e) => e.data);
  const row = await fixture.pool.one(sql.type(z.object({ grade: z.number().nullable(), completed_at: z.string().nullable(), state: z.any() }))`
    SELECT grade, completed_at, state FROM read_models.placements WHERE user_id = ${userId}`);
  expect(row).toMatchObject({ grade: 5, state: { current: null, grade: 5 } });
  expect(row.completed_at).not.toBeNull();
  const profile = await fixture.pool.oneFirst(sql.type(z.object({ grade_level: z.number().nullable() }))`
    SELECT grade_level FROM read_models.learner_profiles WHERE user_id = ${userId}`);
  expect(profile).toBe(5);
  // The profile page shows the grade found (the account had none).
  const account = await fixture.pool.oneFirst(sql.type(z.object({ grade_level: z.number().nullable() }))`
    SELECT grade_level FROM read_models.users WHERE id = ${userId}`);
  expect(account).toBe(5);
  const learner = await fixture.pool.one(sql.type(z.object({ answers: z.number(), correct: z.number() }))`
    SELECT answers, correct FROM read_models.ability_students WHERE user_id = ${userId}`);
  expect(learner).toEqual({ answers: answers.length, correct: answers.filter((a) => a.isCorrect).length });
  const topics = await fixture.pool.anyFirst(sql.type(z.object({ topic_id: z.string() }))`
    SELECT topic_id FROM read_models.ability_student_topics WHERE user_id = ${userId} ORDER BY topic_id`);
  expect(topics).toEqual([...new Set(answers.map((a) => a.topicId))].sort());

  await expectReplayToRebuildTheSameRows(fixture, models);
});
