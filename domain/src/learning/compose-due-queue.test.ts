import { describe, expect, it } from 'vitest';
import { composeDueQueue, dueReviews, type DueQueueInputs, type DueQueueReview, type QueueCatalogue } from './compose-due-queue.ts';
import { emptyLearnerKnowledge, emptyTopicKnowledge, predictCorrect, problemDifficultyPrior, updateKnowledge } from './knowledge-model.ts';
import { KNOWLEDGE_MODEL_PARAMETERS as params } from './knowledge-model-parameters.ts';
import { selectNewProblems } from './select-problems.ts';

const ms = (iso: string) => Date.parse(iso);
const at = new Date('2026-03-10T12:00:00Z');

interface Problem {
  problem_id: string;
  topic_id: string;
  grade: number;
  difficulty_level: number;
  /** A tutor's question-set problem: in `problems`, not in the shared bank. */
  inSet?: boolean;
}
const problem = (id: string, topic = 'fractions', grade = 5, level = 3, inSet = false): Problem => ({ problem_id: id, topic_id: topic, grade, difficulty_level: level, inSet });

type Catalogue = QueueCatalogue<Problem>;
function catalogueOf(rows: Problem[], difficulties: Record<string, number> = {}): Catalogue {
  const bank = rows.filter((row) => !row.inSet);
  return {
    problems: new Map(rows.map((row) => [row.problem_id, row])),
    ofGrade: (grade) => (grade === null ? bank : bank.filter((row) => row.grade === grade)),
    difficulty: (id) => difficulties[id] ?? null,
  };
}

type Review = DueQueueReview & { label: string };
/** A review state last answered on an earlier day (so due when FSRS says so), or `lastReview`. */
const review = (problemId: string, due: string, topic = 'fractions', lastReview = '2026-03-01T09:00:00Z', cardState = 'Review'): Review => ({
  problem_id: problemId,
  topic_id: topic,
  dueMs: ms(due),
  lastReviewMs: ms(lastReview),
  cardState,
  label: `review of ${problemId}`,
});

function inputs(over: Partial<DueQueueInputs<Review, Problem, Catalogue>> = {}): DueQueueInputs<Review, Problem, Catalogue> {
  return {
    startOfToday: ms('2026-03-10T00:00:00Z'),
    startOfTomorrow: ms('2026-03-11T00:00:00Z'),
    gradeLevel: 5,
    reviews: [],
    attempted: new Set(over.reviews?.map((r) => r.problem_id) ?? []),
    learnerState: undefined,
    topicStates: {},
    answers: 0,
    assigned: [],
    ...over,
  };
}

const daily = { learner: 'learner-1', topic: null, limit: 20 };
const shape = (queue: { items: { kind: string }[] }) => queue.items.map((item) => (item.kind === 'review' ? 'r' : 'n')).join('');
const ids = (queue: { items: { problem: Problem }[] }) => queue.items.map((item) => item.problem.problem_id);

const bank = [
  ...Array.from({ length: 12 }, (_, i) => problem(`f${i}`, 'fractions', 5, 1 + (i % 5))),
  ...Array.from({ length: 6 }, (_, i) => problem(`d${i}`, 'decimals', 5, 1 + (i % 5))),
  ...Array.from({ length: 4 }, (_, i) => problem(`g6-${i}`, 'decimals', 6)),
];

describe('composeDueQueue', () => {
  it('given reviews due today, then they come first, most overdue first, then new problems: 4 + 2 by the landing outline', () => {
    const reviews = [review('f0', '2026-03-02T09:00:00Z'), review('f1', '2026-03-08T09:00:00Z'), review('d0', '2026-03-09T09:00:00Z'), review('d1', '2026-03-10T20:00:00Z'), review('d2', '2026-03-10T21:00:00Z')];
    const queue = composeDueQueue(inputs({ reviews }), catalogueOf(bank), at, daily);
    // 5 due: the session grows to every due review + 2 new.
    expect(shape(queue)).toBe('rrrrrnn');
    expect(ids(queue).slice(0, 5)).toEqual(['f0', 'f1', 'd0', 'd1', 'd2']);
    expect(queue).toMatchObject({ reviewCount: 5, newCount: 2, dueTotal: 5 });
    expect(queue.items[0]).toMatchObject({ kind: 'review', review: reviews[0] });
    // New problems are never attempted ones.
    expect(queue.items.slice(5).every((item) => !reviews.some((r) => r.problem_id === item.problem.problem_id))).toBe(true);

    const two = composeDueQueue(inputs({ reviews: reviews.slice(0, 2) }), catalogueOf(bank), at, daily);
    expect(shape(two)).toBe('rrnnnn');
    expect(shape(composeDueQueue(inputs(), catalogueOf(bank), at, daily))).toBe('nnnnnn');
  });

  it('given reviews not due today, then they are not in the queue nor counted', () => {
    const reviews = [
      review('f0', '2026-03-11T00:00:00Z'), // tomorrow
      review('f1', '2026-03-09T09:00:00Z', 'fractions', '2026-03-10T08:00:00Z'), // already reviewed today
      review('f2', '2026-03-09T09:00:00Z'),
    ];
    const queue = composeDueQueue(inputs({ reviews }), catalogueOf(bank), at, daily);
    expect(queue.items.filter((item) => item.kind === 'review').map((item) => item.problem.problem_id)).toEqual(['f2']);
    expect(queue.dueTotal).toBe(1);
    expect(dueReviews(inputs({ reviews }), at)).toEqual([reviews[2]]);
  });

  it('given a miss earlier today, then it is due again once its learning step has passed (the time is the caller’s)', () => {
    const missed = review('f0', '2026-03-10T12:01:00Z', 'fractions', '2026-03-10T12:00:00Z', 'Learning');
    expect(composeDueQueue(inputs({ reviews: [missed] }), catalogueOf(bank), at, daily).dueTotal).toBe(0);
    const later = composeDueQueue(inputs({ reviews: [missed] }), catalogueOf(bank), new Date('2026-03-10T12:01:00Z'), daily);
    expect(later.items[0]).toMatchObject({ kind: 'review', review: missed });
  });

  it('given a due review whose problem is not in the catalogue, then it is counted as due but not shown', () => {
    const queue = composeDueQueue(inputs({ reviews: [review('gone', '2026-03-09T09:00:00Z'), review('f1', '2026-03-09T10:00:00Z')] }), catalogueOf(bank), at, daily);
    expect(queue).toMatchObject({ dueTotal: 2, reviewCount: 1 });
    expect(ids(queue)[0]).toBe('f1');
  });

  it('given more than 20 due reviews and a limit, then at most the limit, new problems keeping 2 places', () => {
    const many = Array.from({ length: 25 }, (_, i) => review(`r${i}`, `2026-03-0${1 + (i % 9)}T09:00:00Z`));
    const manyBank = [...bank, ...many.map((r) => problem(r.problem_id))];
    const byDue = [...many].sort((a, b) => a.dueMs - b.dueMs || (a.problem_id < b.problem_id ? -1 : 1));
    const queue = composeDueQueue(inputs({ reviews: byDue }), catalogueOf(manyBank), at, daily);
    expect(shape(queue)).toBe(`${'r'.repeat(18)}nn`);
    expect(queue.dueTotal).toBe(25);
    expect(shape(composeDueQueue(inputs({ reviews: byDue }), catalogueOf(manyBank), at, { ...daily, limit: 3 }))).toBe('rnn');
  });

  it('given the learner’s knowledge, then every problem’s predicted success is the model’s: learned difficulty, else the level’s prior', () => {
    const learner = updateKnowledge(emptyLearnerKnowledge(), emptyTopicKnowledge(), 'fractions', true);
    const topicStates = { fractions: learner.topic };
    const given = inputs({ reviews: [review('f0', '2026-03-09T09:00:00Z')], learnerState: learner.learner, topicStates });
    const queue = composeDueQueue(given, catalogueOf(bank, { f0: 0.8, d3: -0.4 }), at, daily);
    for (const item of queue.items) {
      const p = item.problem;
      const difficulty = p.problem_id === 'f0' ? 0.8 : p.problem_id === 'd3' ? -0.4 : problemDifficultyPrior(params, p.difficulty_level);
      expect(item.predictedSuccess, p.problem_id).toBeCloseTo(predictCorrect(params, learner.learner, topicStates[p.topic_id as 'fractions'], p.topic_id, difficulty), 12);
    }
  });

  it('given new problems, then those of the learner’s grade nearest 75 %, seeded by the learner (any case) and their answer count', () => {
    const catalogue = catalogueOf(bank);
    const queue = composeDueQueue(inputs({ answers: 3 }), catalogue, at, daily);
    expect(queue.items.every((item) => item.problem.grade === 5)).toBe(true);
    const candidates = catalogue.ofGrade(5).map((p) => ({ problemId: p.problem_id, p: predictCorrect(params, undefined, undefined, p.topic_id, problemDifficultyPrior(params, p.difficulty_level)), grade: 5, topicId: p.topic_id }));
    const expected = selectNewProblems(candidates, { count: 20, seed: 'learner-1:3', grade: 5 }).slice(0, 6).map((c) => c.problemId);
    expect(ids(queue)).toEqual(expected);
    expect(ids(composeDueQueue(inputs({ answers: 3 }), catalogue, at, { ...daily, learner: 'LEARNER-1' }))).toEqual(expected);
    // Every grade when the learner's is not known.
    const anyGrade = composeDueQueue(inputs({ gradeLevel: null }), catalogueOf(bank.filter((p) => p.grade === 6)), at, daily);
    expect(ids(anyGrade)).toHaveLength(4);
  });

  it('given work assigned to the learner, then it comes before the generated new problems, marked, and the session grows to hold it', () => {
    const catalogue = catalogueOf([...bank, problem('s1', 'fractions', 5, 3, true), problem('s2', 'decimals', 5, 3, true), problem('s3', 'decimals', 5, 3, true)]);
    const given = inputs({ reviews: [review('f0', '2026-03-09T09:00:00Z')], assigned: ['s1', 's2', 'missing', 's3', 'd4'] });
    const queue = composeDueQueue(given, catalogue, at, daily);
    expect(ids(queue).slice(0, 5)).toEqual(['f0', 's1', 's2', 's3', 'd4']);
    expect(queue.items.map((item) => item.kind === 'new' && item.assigned)).toEqual([false, true, true, true, true, false]);
    // 1 review + 4 assigned: 6 places (the outline), a session of 1 + 4 + 1 generated.
    expect(shape(queue)).toBe('rnnnnn');
    const more = composeDueQueue(inputs({ ...given, assigned: ['s1', 's2', 's3', 'd4', 'd5', 'f6', 'f7'] }), catalogue, at, daily);
    expect(shape(more)).toBe(`r${'n'.repeat(7)}`);
  });

  it('given a topic, then its due reviews and its new problems (the learner’s grade when taught in it), no assigned work', () => {
    const reviews = [review('f0', '2026-03-09T09:00:00Z'), review('d0', '2026-03-09T10:00:00Z', 'decimals')];
    const given = inputs({ reviews, assigned: ['d4', 'f5'] });
    const decimals = { id: 'decimals', grades: [5, 6] };
    const queue = composeDueQueue(given, catalogueOf(bank), at, { ...daily, topic: decimals });
    expect(ids(queue)[0]).toBe('d0');
    expect(queue.items.every((item) => item.problem.topic_id === 'decimals' && item.problem.grade === 5)).toBe(true);
    expect(queue.dueTotal).toBe(2);
    // A bank problem that is also assigned work keeps its mark when the topic's choice takes it.
    expect(queue.items.filter((item) => item.kind === 'new' && item.assigned).map((item) => item.problem.problem_id)).toEqual(
      ids(queue).filter((id) => id === 'd4'),
    );
    expect(queue.selection).toBeUndefined();
    // A topic not taught in the learner's grade: every grade of it.
    const other = composeDueQueue(inputs({ gradeLevel: 3 }), catalogueOf(bank), at, { ...daily, topic: decimals });
    expect(new Set(other.items.map((item) => item.problem.grade))).toEqual(new Set([5, 6]));
  });

  it('given a choice made before from the same catalogue, then it is used again; another catalogue chooses again', () => {
    const catalogue = catalogueOf(bank);
    const first = composeDueQueue(inputs(), catalogue, at, daily);
    expect(first.selection?.view).toBe(catalogue);
    const kept = { view: catalogue, chosen: [...first.selection!.chosen].reverse() };
    const again = composeDueQueue(inputs({ selection: kept }), catalogue, at, daily);
    expect(again.selection).toBe(kept);
    expect(ids(again)).toEqual(kept.chosen.slice(0, 6).map((c) => c.problemId));
    const newer = catalogueOf(bank);
    const chosenAgain = composeDueQueue(inputs({ selection: kept }), newer, at, daily);
    expect(chosenAgain.selection?.view).toBe(newer);
    expect(ids(chosenAgain)).toEqual(ids(first));
  });

  it('does not change its inputs', () => {
    const given = inputs({ reviews: [review('f0', '2026-03-09T09:00:00Z')], assigned: ['d4'] });
    const copy = structuredClone(given);
    composeDueQueue(given, catalogueOf(bank), at, daily);
    expect(given).toEqual(copy);
  });
});
