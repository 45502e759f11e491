import { describe, expect, test } from 'vitest';
import type { DueProblem as WireDueProblem, OpenSessionView } from '@mathdaily/domain/api/learning';
import { toDueProblem, toOpenSession } from './learn-api.ts';

/**
 * The Learn screen reads the answers in the shapes of their response schemas
 * (@mathdaily/domain/api/learning): a problem is named by `id` (the server never sent the
 * `problem_id` the page used to look for first), and the answer of a problem answered in the
 * session to continue comes with it.
 */

const practice = {
  topic: 'Fractions',
  topic_id: 'fractions',
  grade: 5,
  question: 'What is $\\frac{1}{2}$ of 8?',
  figure: null,
  problem_type: 'numeric',
  answer_options: null,
  answer_form: { kind: 'number' as const },
  difficulty_level: 2,
  estimated_time_seconds: 30,
  source: 'generator',
  created_at: '2026-03-01T09:00:00.000Z',
  correct_answer: null,
  explanation: null,
  hint: null,
  has_hint: true,
};

const due = (id: string): WireDueProblem => ({
  ...practice,
  id,
  kind: 'review',
  assigned: false,
  progress: {
    next_review_at: '2026-03-02T09:00:00.000Z',
    last_review_at: '2026-03-01T09:00:00.000Z',
    consecutive_correct: 2,
    reps: 2,
    lapses: 0,
    attempts: 2,
    correct_attempts: 2,
    stability_days: 3.2,
    fsrs_difficulty: 5.1,
    state: 'Review',
    mastered: false,
    retrievability: 0.9,
  },
  predicted_success: 0.8,
});

describe('the Learn screen reads the due queue and the session to continue', () => {
  test('a due problem keeps its id, its progress date parsed', () => {
    expect(toDueProblem(due('p1'))).toEqual({
      id: 'p1',
      topic: 'Fractions',
      question: 'What is $\\frac{1}{2}$ of 8?',
      problem_type: 'numeric',
      answer_options: null,
      hint: null,
      has_hint: true,
      kind: 'review',
      assigned: false,
      difficulty_level: 2,
      estimated_time_seconds: 30,
      figure: null,
      progress: { next_review_at: new Date('2026-03-02T09:00:00.000Z'), consecutive_correct: 2 },
    });
  });

  test('the session to continue: its problems by id, each answer with the answer and explanation of its problem', () => {
    const session: OpenSessionView = {
      session_id: 's1',
      mode: 'daily',
      topic_id: null,
      plan: ['p1', 'p2'],
      started_at: '2026-03-01T09:00:00.000Z',
      last_activity_at: '2026-03-01T09:01:00.000Z',
      hints_opened: [],
      problems: [
        { ...practice, id: 'p1', correct_answer: '4', explanation: '8 ÷ 2 = 4', kind: 'new', assigned: false, progress: { next_review_at: null, consecutive_correct: 0 } },
        { ...practice, id: 'p2', kind: 'new', assigned: true, progress: { next_review_at: null, consecutive_correct: 0 } },
      ],
      answers: [
        {
          attempt_id: 'a1',
          problem_id: 'p1',
          user_answer: '5',
          is_correct: false,
          first_try: true,
          hints_used: 0,
          difficulty_rating: null,
          response_time_ms: 4000,
          feedback: null,
          answered_at: '2026-03-01T09:01:00.000Z',
        },
      ],
      counts: { problems_completed: 1, correct_answers: 0, retries: 0, correct_on_retry: 0 },
    };
    const open = toOpenSession(session);
    expect(open.problems.map((problem) => [problem.id, problem.assigned, problem.progress?.next_review_at])).toEqual([
      ['p1', false, null],
      ['p2', true, null],
    ]);
    expect(open.answers).toEqual([
      { problemId: 'p1', userAnswer: '5', isCorrect: false, retry: false, correctAnswer: '4', explanation: '8 ÷ 2 = 4', responseTimeMs: 4000 },
    ]);
    expect(open).toMatchObject({ sessionId: 's1', mode: 'daily', topicId: null, plan: ['p1', 'p2'], startedAt: Date.parse('2026-03-01T09:00:00.000Z') });
  });
});
