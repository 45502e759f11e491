import { describe, it } from 'vitest';
import type { AnswerSubmitted, PracticeEvent } from '@mathdaily/domain';
import { given } from '@mathdaily/domain/testing/decider-spec';
import { submitAndRateDecider } from './submit-answer.ts';

/** The answer and the rating the problem card sends with it: one decision, one append. */

const userId = 'user-1';
const sessionId = 'session-1';
const started: PracticeEvent = { type: 'PracticeSessionStarted', data: { sessionId, userId } };

const facts = {
  attemptId: 'attempt-1',
  sessionId,
  userId,
  problemId: 'problem-1',
  topic: 'Fractions',
  topicId: 'fractions',
  grade: 7,
  difficultyLevel: 3,
  userAnswer: '1/2',
  responseTimeMs: 4000,
};

const command = (isCorrect: boolean, rating: number | null, attemptId = facts.attemptId) => ({
  submit: { type: 'SubmitAnswer' as const, data: { ...facts, attemptId, isCorrect } },
  rating,
});

const answered = (isCorrect: boolean, hintsUsed: 0 | 1 = 0): AnswerSubmitted => ({
  type: 'AnswerSubmitted',
  data: { ...facts, isCorrect, hintsUsed },
});

const rated = (rating: number): PracticeEvent => ({
  type: 'DifficultyRated',
  data: { attemptId: 'attempt-1', sessionId, userId, problemId: 'problem-1', rating },
});

describe('submit-answer decision', () => {
  it('given an open session, when a correct answer comes with rating 1, then the answer and the rating are recorded', () => {
    given(submitAndRateDecider, [started]).when(command(true, 1)).then([answered(true), rated(1)]);
  });

  it('given no session, when an answer comes without a rating, then the session starts and only the answer is recorded', () => {
    given(submitAndRateDecider, []).when(command(false, null)).then([started, answered(false)]);
  });

  it('given an open session, when a wrong answer comes with rating 3, then only the answer is recorded (3 is not allowed)', () => {
    given(submitAndRateDecider, [started]).when(command(false, 3)).then([answered(false)]);
  });

  it('given an open session, when a wrong answer comes with rating 5, then both are recorded', () => {
    given(submitAndRateDecider, [started]).when(command(false, 5)).then([answered(false), rated(5)]);
  });

  it('given a hint opened, when a correct answer comes with rating 2, then only the answer, with the hint, is recorded', () => {
    const hint: PracticeEvent = { type: 'HintOpened', data: { sessionId, userId, problemId: 'problem-1' } };
    given(submitAndRateDecider, [started, hint]).when(command(true, 2)).then([answered(true, 1)]);
  });

  it('given the problem answered in the session, when it is answered again, then CONFLICT and nothing is recorded', () => {
    given(submitAndRateDecider, [started, answered(true)])
      .when(command(true, 3, 'attempt-2'))
      .thenThrows('CONFLICT', 'This problem has already been answered in this session');
  });
});
