import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { practiceStreamId, type EventFact } from '@mathdaily/domain';
import {
  actor,
  apiSpecificationForFile,
  existingStream,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  type Actor,
  type GivenStream,
  type RequestBuilder,
} from '../testing/api-specification.ts';
import { HALF_AS_DECIMAL } from '@mathdaily/testing';

/**
 * The practice loop's commands (start a session, open a hint, submit an answer, rate it, end the
 * session) as API specifications: given the student's practice stream and the problem's stream →
 * a request to the command routes alone → the response and the events appended. What the answers
 * do to the read side (the due queue, progress, resume) is practice-loop.test.ts, on the whole product.
 */

const spec = apiSpecificationForFile();

// Problems of grade 7 with known answers, as a tutor's problem is stored.
const HALF = HALF_AS_DECIMAL;
const CHOICE = { ...HALF, problem_type: 'multiple_choice', answer_options: ['12', '14', '16'], correct_answer: '14', answer_form: { kind: 'choice' }, question: 'What is 2 × 7?', topic: 'Multiplication and division', topic_id: 'multiplication-division' };
const EQUATION = { ...HALF, question: 'Solve $2x + 1 = 7$.', problem_type: 'algebra', correct_answer: 'x = 3', answer_form: { kind: 'equation_solution', variables: ['x'] }, topic: 'Linear equations', topic_id: 'linear-equations' };

interface GivenProblem {
  id: string;
  fields: typeof HALF | typeof CHOICE | typeof EQUATION;
  stream: GivenStream;
}
/** A new problem (its own id) with these fields, and its `problem-{id}` stream. */
function problem(fields: GivenProblem['fields']): GivenProblem {
  const id = randomUUID();
  return { id, fields, stream: existingStream(`problem-${id}`, [{ type: 'ProblemCreated', data: { problem_id: id, ...fields } }]) };
}

const started = (who: Actor, sessionId: string): EventFact => ({
  type: 'PracticeSessionStarted',
  data: { sessionId, userId: who.userId, mode: 'daily', topicId: null, problemIds: [] },
});
const answered = (
  who: Actor,
  sessionId: string,
  answeredProblem: GivenProblem,
  answer: { attemptId?: unknown; userAnswer: string; isCorrect: boolean; hintsUsed?: 0 | 1; responseTimeMs?: number },
): EventFact => ({
  type: 'AnswerSubmitted',
  data: {
    attemptId: answer.attemptId ?? randomUUID(),
    sessionId,
    userId: who.userId,
    problemId: answeredProblem.id,
    topic: answeredProblem.fields.topic,
    topicId: answeredProblem.fields.topic_id,
    grade: answeredProblem.fields.grade,
    difficultyLevel: answeredProblem.fields.difficulty_level,
    userAnswer: answer.userAnswer,
    isCorrect: answer.isCorrect,
    responseTimeMs: answer.responseTimeMs ?? 20_000,
    hintsUsed: answer.hintsUsed ?? 0,
  },
});
const practice = (who: Actor, ...events: EventFact[]) => existingStream(practiceStreamId(who.userId), events);

/** POST /api/learning/submit-answer as `who`, 20 s and no hint unless the body says otherwise. */
const submit =
  (who: Actor | null, body: Record<string, unknown>) =>
  (request: RequestBuilder) =>
    request
      .post('/api/learning/submit-answer')
      .as(who)
      .send({ response_time_ms: 20_000, hints_used: 0, ...body });
const rate = (who: Actor | null, body: Record<string, unknown>) => (request: RequestBuilder) => request.post('/api/learning/rate-difficulty').as(who).send(body);
const openHint = (who: Actor | null, body: Record<string, unknown>) => (request: RequestBuilder) => request.post('/api/learning/hints').as(who).send(body);

describe('start-session', () => {
  test('a new session is 201 and PracticeSessionStarted (daily, no plan)', async () => {
    const ann = actor('student');
    const sessionId = randomUUID();
    await spec
      .given(ann)
      .when((request) => request.post('/api/learning/sessions').as(ann).send({ session_id: sessionId }))
      .then([expectResponse(201, { body: { data: { session_id: sessionId } } }), expectNewEvents(practiceStreamId(ann.userId), [started(ann, sessionId)])]);
  });
});

describe('submit-answer', () => {
  test('an equivalent answer is right; the client is_correct is ignored; the answer comes back', async () => {
    const ann = actor('student');
    const half = problem(HALF);
    const sessionId = randomUUID();
    const result = await spec
      .given(ann, half.stream, practice(ann, started(ann, sessionId)))
      .when(submit(ann, { problem_id: half.id, session_id: sessionId, user_answer: '1/2', is_correct: false }))
      .then([
        expectResponse(201, {
          body: {
            position: expect.stringMatching(/^\d+$/),
            data: {
              is_correct: true,
              correct_answer: '0.5',
              explanation: '2 ÷ 4 = 0.5',
              hints_used: 0,
              allowed_ratings: [1, 2, 3, 4, 5],
              rating_note: null,
              difficulty_rating: null,
            },
          },
        }),
        expectNewEvents(practiceStreamId(ann.userId), [answered(ann, sessionId, half, { attemptId: expect.any(String), userAnswer: '1/2', isCorrect: true })]),
      ]);
    expect(result.body.data.attempt_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.newEvents[0]!.data).toMatchObject({ attemptId: result.body.data.attempt_id });
  });

  test('a wrong answer claimed correct is wrong: ratings 4-5 only, said so', async () => {
    const ann = actor('student');
    const choice = problem(CHOICE);
    const sessionId = randomUUID();
    await spec
      .given(ann, choice.stream, practice(ann, started(ann, sessionId)))
      .when(submit(ann, { problem_id: choice.id, session_id: sessionId, user_answer: '12', is_correct: true }))
      .then([
        expectResponse(201, {
          body: { data: { is_correct: false, correct_answer: '14', allowed_ratings: [4, 5], rating_note: 'Since you got it wrong, ratings 1-3 are not available' } },
        }),
        expectNewEvents(practiceStreamId(ann.userId), [answered(ann, sessionId, choice, { attemptId: expect.any(String), userAnswer: '12', isCorrect: false })]),
      ]);
  });

  test('an opened hint is recorded: the answer counts as with hint, ratings 3-5; a rating in the body is applied when allowed', async () => {
    const ann = actor('student');
    const equation = problem(EQUATION);
    const sessionId = randomUUID();
    const stream = practiceStreamId(ann.userId);
    const hint = { type: 'HintOpened', data: { sessionId, userId: ann.userId, problemId: equation.id } };
    await spec
      .given(ann, equation.stream, practice(ann, started(ann, sessionId)))
      .when(openHint(ann, { session_id: sessionId, problem_id: equation.id }))
      .then([expectResponse(200, { body: { data: { hint: 'Divide the top by the bottom.', hints_used: 1 } } }), expectNewEvents(stream, [hint])]);

    const result = await spec
      .given()
      .when(submit(ann, { problem_id: equation.id, session_id: sessionId, user_answer: '3', hints_used: 0, difficulty_rating: 3 }))
      .then([
        expectResponse(201, {
          body: { data: { is_correct: true, hints_used: 1, allowed_ratings: [3, 4, 5], rating_note: 'Since you used a hint, ratings 1-2 are not available', difficulty_rating: 3 } },
        }),
        expectNewEvents(stream, [
          answered(ann, sessionId, equation, { attemptId: expect.any(String), userAnswer: '3', isCorrect: true, hintsUsed: 1 }),
          { type: 'DifficultyRated', data: { attemptId: expect.any(String), sessionId, userId: ann.userId, problemId: equation.id, rating: 3 } },
        ]),
      ]);
    const attemptId = result.body.data.attempt_id as string;
    expect(result.newEvents.map((event) => (event.data as { attemptId: string }).attemptId)).toEqual([attemptId, attemptId]);

    // Rated with the answer: rating again is a conflict; the hint of an answered problem too.
    await spec.given().when(rate(ann, { attempt_id: attemptId, rating: 4 })).then([expectError(409), expectNoNewEvents()]);
    await spec.given().when(openHint(ann, { session_id: sessionId, problem_id: equation.id })).then([expectError(409), expectNoNewEvents()]);
  });

  test('a rating in the body that the answer does not allow is ignored and explained', async () => {
    const ann = actor('student');
    const half = problem(HALF);
    const sessionId = randomUUID();
    // A session not started yet: the answer starts it.
    await spec
      .given(ann, half.stream)
      .when(submit(ann, { problem_id: half.id, session_id: sessionId, user_answer: '0.4', difficulty_rating: 1 }))
      .then([
        expectResponse(201, { body: { data: { is_correct: false, difficulty_rating: null, rating_ignored: 'Rating 1 is not available for this answer: choose ratings 4 or 5 (Since you got it wrong, ratings 1-3 are not available)' } } }),
        expectNewEvents(practiceStreamId(ann.userId), [started(ann, sessionId), answered(ann, sessionId, half, { attemptId: expect.any(String), userAnswer: '0.4', isCorrect: false })]),
      ]);
  });

  test('refusals: empty answer, unknown problem, same problem twice in a session, bad ids; nothing is recorded', async () => {
    const ann = actor('student');
    const half = problem(HALF);
    const choice = problem(CHOICE);
    const sessionId = randomUUID();
    const given = [ann, half.stream, choice.stream, practice(ann, started(ann, sessionId), answered(ann, sessionId, half, { userAnswer: '1/2', isCorrect: true }))];
    await spec
      .given(...given)
      .when(submit(ann, { problem_id: choice.id, session_id: sessionId, user_answer: '   ' }))
      .then([expectError(400, { code: 'VALIDATION_FAILED', message: 'Please enter an answer' }), expectNoNewEvents()]);
    await spec.given().when(submit(ann, { problem_id: choice.id, session_id: sessionId, user_answer: '' })).then([expectError(400), expectNoNewEvents()]);
    await spec.given().when(submit(ann, { problem_id: randomUUID(), session_id: sessionId, user_answer: '3' })).then([expectError(404), expectNoNewEvents()]);
    await spec
      .given()
      .when(submit(ann, { problem_id: half.id, session_id: sessionId, user_answer: '0.5' }))
      .then([expectError(409, { message: 'This problem has already been answered in this session' }), expectNoNewEvents()]);
    await spec.given().when(submit(ann, { problem_id: 'not-a-uuid', session_id: sessionId, user_answer: '3' })).then([expectError(400), expectNoNewEvents()]);
    await spec.given().when(submit(ann, { problem_id: half.id, session_id: sessionId, user_answer: '3', response_time_ms: -5 })).then([expectError(400), expectNoNewEvents()]);
  });

  test('an answer that cannot be read in the answer form is a 422 with the checker message, and nothing is recorded', async () => {
    const ann = actor('student');
    const half = problem(HALF);
    const choice = problem(CHOICE);
    const sessionId = randomUUID();
    await spec
      .given(ann, half.stream, choice.stream)
      .when(submit(ann, { problem_id: half.id, session_id: sessionId, user_answer: 'abc', difficulty_rating: 5 }))
      .then([
        expectError(422, { code: 'UNREADABLE_ANSWER', message: "We couldn't read 'abc' as a number. Type digits, for example 3/4 or 0.75." }),
        expectNoNewEvents(),
      ]);
    await spec
      .given()
      .when(submit(ann, { problem_id: choice.id, session_id: sessionId, user_answer: '13' }))
      .then([expectError(422, { message: 'Choose one of the options.' }), expectNoNewEvents()]);
  });

  test('only students answer, and only for themselves: tutors and admins get 403, guests 401', async () => {
    const half = problem(HALF);
    const payload = { problem_id: half.id, session_id: randomUUID(), user_answer: '0.5', response_time_ms: 1000, hints_used: 0 };
    for (const role of ['tutor', 'admin'] as const) {
      const other = actor(role);
      await spec.given(other, half.stream).when(submit(other, payload)).then([expectError(403), expectNoNewEvents()]);
      await spec.given().when(openHint(other, { session_id: randomUUID(), problem_id: half.id })).then([expectError(403), expectNoNewEvents()]);
      await spec.given().when(rate(other, { attempt_id: randomUUID(), rating: 3 })).then([expectError(403), expectNoNewEvents()]);
    }
    await spec.given().when(submit(null, payload)).then([expectError(401), expectNoNewEvents()]);
  });
});

describe('rate-difficulty', () => {
  test('a wrong answer: ratings 1-3 are refused, 4 accepted once; no rating, or an unknown attempt, refused', async () => {
    const ann = actor('student');
    const choice = problem(CHOICE);
    const sessionId = randomUUID();
    const attemptId = randomUUID();
    const stream = practiceStreamId(ann.userId);
    await spec
      .given(ann, choice.stream, practice(ann, started(ann, sessionId), answered(ann, sessionId, choice, { attemptId, userAnswer: '12', isCorrect: false })))
      .when(rate(ann, { attempt_id: attemptId, rating: 2 }))
      .then([expectError(400, { message: /choose ratings 4 or 5/ }), expectNoNewEvents()]);
    await spec
      .given()
      .when(rate(ann, { attempt_id: attemptId, rating: 4 }))
      .then([
        expectResponse(200, { body: { position: expect.stringMatching(/^\d+$/), data: { attempt_id: attemptId, rating: 4, problem_id: choice.id } } }),
        expectNewEvents(stream, [{ type: 'DifficultyRated', data: { attemptId, sessionId, userId: ann.userId, problemId: choice.id, rating: 4 } }]),
      ]);
    await spec.given().when(rate(ann, { attempt_id: attemptId, rating: 5 })).then([expectError(409), expectNoNewEvents()]);
    await spec.given().when(rate(ann, { attempt_id: attemptId })).then([expectError(400, { message: 'Please rate the difficulty of this problem' }), expectNoNewEvents()]);
    await spec.given().when(rate(ann, { attempt_id: randomUUID(), rating: 3 })).then([expectError(404), expectNoNewEvents()]);
  });
});

describe('end-session', () => {
  test('ending a session answers its summary and records PracticeSessionEnded; an answer after the end is refused', async () => {
    const ann = actor('student');
    const half = problem(HALF);
    const choice = problem(CHOICE);
    const sessionId = randomUUID();
    await spec
      .given(ann, half.stream, choice.stream, practice(ann, started(ann, sessionId), answered(ann, sessionId, half, { userAnswer: '0.4', isCorrect: false })))
      .when((request) => request.post(`/api/learning/sessions/${sessionId}/end`).as(ann))
      .then([
        expectResponse(200, { body: { data: { problems_completed: 1, correct_answers: 0, accuracy: 0, performance: 'Developing' } } }),
        expectNewEvents(practiceStreamId(ann.userId), [
          {
            type: 'PracticeSessionEnded',
            data: { sessionId, userId: ann.userId, problemsCompleted: 1, correctAnswers: 0, retries: 0, correctOnRetry: 0, endedAt: expect.any(String), reason: 'ended' },
          },
        ]),
      ]);
    await spec.given().when(submit(ann, { problem_id: choice.id, session_id: sessionId, user_answer: '14' })).then([expectError(409), expectNoNewEvents()]);
  });
});
