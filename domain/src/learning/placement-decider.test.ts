import { describe, expect, it } from 'vitest';
import { foldEvents } from '../decider.ts';
import { parseEventData } from '../events/registry.ts';
import { checkAnswer } from '../problems/check-answer.ts';
import { generateProblem } from '../problems/templates.ts';
import { given } from '../testing/decider-spec.ts';
import type { PlacementEvent } from './events.ts';
import { MAX_PLACEMENT_QUESTIONS, MIN_PLACEMENT_QUESTIONS } from './placement.ts';
import { currentPlacementQuestion, placementDecider, type AnswerPlacement, type PlacementState } from './placement-decider.ts';

const userId = 'user-1';
const placementId = 'placement-1';
const started: PlacementEvent = { type: 'PlacementStarted', data: { placementId, userId, seed: 42, statedGrade: null } };
const spec = (events: PlacementEvent[] = []) => given(placementDecider, events);
const question = (state: PlacementState) => currentPlacementQuestion(state.current!);

const answer = (overrides: Partial<AnswerPlacement['data']> = {}): AnswerPlacement => ({
  type: 'AnswerPlacement',
  data: { userId, placementId, question: 1, userAnswer: '', skipped: false, responseTimeMs: 5000, ...overrides },
});

/** A readable wrong answer: the answer to the same template with another seed. */
function wrongAnswer(state: PlacementState): string {
  const { templateId, seed, problem } = question(state);
  for (let salt = 1; ; salt++) {
    const other = generateProblem(templateId, (seed + salt) >>> 0, { grade: problem.grade }).correct_answer;
    const check = checkAnswer(problem, other);
    if (!check.unreadable && !check.correct) return other;
  }
}

/**
 * A simulated student who knows everything up to `grade` and nothing beyond: right answers to
 * questions of their grade or below, "I haven't learned this yet" above it.
 */
function place(grade: number, statedGrade: number | null = null, seed = 7): PlacementEvent[] {
  const events: PlacementEvent[] = [{ type: 'PlacementStarted', data: { placementId, userId, seed, statedGrade } }];
  while (events.at(-1)!.type !== 'PlacementCompleted') {
    const state = foldEvents(placementDecider, events);
    const { problem } = question(state);
    const knows = problem.grade <= grade;
    const number = state.current!.answers.length + 1;
    events.push(...placementDecider.decide(answer({ question: number, userAnswer: knows ? problem.correct_answer : '', skipped: !knows }), state));
  }
  return events;
}

describe('placement decider', () => {
  it('starts a check with the seed and the stated grade; starting it again records nothing', () => {
    spec().when({ type: 'StartPlacement', data: { userId, placementId, seed: 42, statedGrade: null } }).then([started]);
    spec([started]).when({ type: 'StartPlacement', data: { userId, placementId, seed: 99, statedGrade: 5 } }).then([]);
  });

  it('records a right answer to the current question with the facts the estimate and the knowledge model need', () => {
    const { templateId, seed, grade, problem } = question(spec([started]).state());
    spec([started])
      .when(answer({ userAnswer: problem.correct_answer }))
      .then([
        {
          type: 'PlacementAnswerRecorded',
          data: {
            placementId,
            userId,
            question: 1,
            templateId,
            problemSeed: seed,
            topic: problem.topic,
            topicId: problem.topic_id,
            grade,
            difficultyLevel: problem.difficulty_level,
            multipleChoice: problem.problem_type === 'multiple_choice',
            userAnswer: problem.correct_answer,
            skipped: false,
            isCorrect: true,
            responseTimeMs: 5000,
          },
        },
      ]);
  });

  it('records a readable wrong answer as wrong, and a skip as wrong with no text', () => {
    const state = spec([started]).state();
    const [wrong] = spec([started]).when(answer({ userAnswer: wrongAnswer(state) })).events();
    expect(wrong).toMatchObject({ type: 'PlacementAnswerRecorded', data: { isCorrect: false, skipped: false } });
    const [skip] = spec([started]).when(answer({ userAnswer: 'ignored', skipped: true })).events();
    expect(skip).toMatchObject({ type: 'PlacementAnswerRecorded', data: { isCorrect: false, skipped: true, userAnswer: '' } });
  });

  it('an answer it cannot read is a retry: UNREADABLE_ANSWER with the checker’s message, nothing recorded', () => {
    // Seed 44's first question (grade 7) is a typed number.
    const typedNumber: PlacementEvent = { type: 'PlacementStarted', data: { ...started.data, seed: 44 } };
    expect(question(spec([typedNumber]).state()).problem.answer_form.kind).toBe('number');
    spec([typedNumber]).when(answer({ userAnswer: 'abc' })).thenThrows('UNREADABLE_ANSWER', /couldn't read 'abc' as a number/);
  });

  it('refuses an answer to another question number, an unknown check, a finished check and another student', () => {
    spec([started]).when(answer({ question: 2, skipped: true })).thenThrows('CONFLICT', 'Question 2 is not the current question (1)');
    spec([started]).when(answer({ placementId: 'other', skipped: true })).thenThrows('NOT_FOUND');
    const finished = place(4);
    spec(finished).when(answer({ question: finished.length, skipped: true })).thenThrows('CONFLICT', 'This placement check has finished');
    spec(finished).when({ type: 'StartPlacement', data: { userId, placementId, seed: 1, statedGrade: null } }).thenThrows('CONFLICT');
    spec([started]).when(answer({ userId: 'user-2', skipped: true })).thenThrows('FORBIDDEN');
  });

  it('a new check may start after one finished, or in place of one left unfinished', () => {
    const next: PlacementEvent = { type: 'PlacementStarted', data: { placementId: 'placement-2', userId, seed: 5, statedGrade: 4 } };
    // No grade given: the last check's grade is the prior.
    spec(place(4)).when({ type: 'StartPlacement', data: { ...next.data, statedGrade: null } }).then([next]);
    const state = foldEvents(placementDecider, [started, next]);
    expect(state.current).toMatchObject({ placementId: 'placement-2', seed: 5, statedGrade: 4, answers: [] });
  });

  it.each([2, 5, 9, 12])('places a student who knows grade %i and nothing beyond at that grade, in at most 12 questions', (grade) => {
    const events = place(grade);
    const completed = events.at(-1)!;
    expect(completed).toMatchObject({ type: 'PlacementCompleted', data: { placementId, userId, grade } });
    const answers = events.filter((e) => e.type === 'PlacementAnswerRecorded');
    expect(answers.length).toBeGreaterThanOrEqual(MIN_PLACEMENT_QUESTIONS);
    expect(answers.length).toBeLessThanOrEqual(MAX_PLACEMENT_QUESTIONS);
    expect(completed.data).toMatchObject({ questions: answers.length, correct: answers.filter((e) => e.data.isCorrect).length });
    // Every event passes its schema (it could be appended).
    for (const event of events) expect(() => parseEventData(event.type, event.data)).not.toThrow();
  });

  it('asks each question from the answers so far: the same answers bring the same questions (a replay reproduces the check)', () => {
    const events = place(6, 6, 11);
    const replayed = place(6, 6, 11);
    expect(replayed).toEqual(events);
    const answers = events.filter((e) => e.type === 'PlacementAnswerRecorded').map((e) => e.data);
    // The grades asked move with the answers.
    expect(new Set(answers.map((a) => a.grade)).size).toBeGreaterThan(1);
    // A stated grade is where the check starts.
    expect(answers[0]!.grade).toBe(6);
  });

  it('opens a grade-3 student with a grade-3 question, never rounding to the nearest 1,000 or percentages', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const begun: PlacementEvent = { type: 'PlacementStarted', data: { placementId, userId, seed, statedGrade: 3 } };
      const first = question(spec([begun]).state());
      expect(first.grade).toBe(3);
      expect(first.problem.question).not.toMatch(/nearest \$1\{,\}000|per ?cent|%/i);
    }
  });
});
