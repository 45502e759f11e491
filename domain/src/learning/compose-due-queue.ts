/**
 * The due queue (GET /api/learning/due-problems, docs/practice-loop.md "The due queue"): which
 * problems a practice session offers, from what the query side holds of a learner and the problem
 * bank. Pure: the caller reads the inputs and the catalogue and passes the time.
 *
 *   1. Reviews: the reviews due on the learner's day (`isDueOn`), most overdue first, those of
 *      problems in the catalogue (and of the topic, for a topic's queue), at most MAX_SESSION_SIZE.
 *   2. Assigned problems (not in a topic's queue): the learner's assigned work in its order, those
 *      in the catalogue.
 *   3. New problems: never attempted, chosen by `selectNewProblems` nearest TARGET_SUCCESS, seeded
 *      by the learner and their answer count (a reload gives the same choice, an answer a new
 *      one): the daily queue from the learner's grade (every grade when none is known); a topic's
 *      from the topic's problems, in the learner's grade when the topic is taught in it.
 *   4. `composeSession` with limit min(limit, max(DAILY_SESSION_SIZE, reviews + max(2, assigned))):
 *      the session grows to hold every due review and the tutor's assigned problems, never past
 *      `limit`.
 *
 * Every problem carries its predicted success: σ(the learner's log-odds on the problem's topic −
 * the problem's learned difficulty, or its level's prior before its first answer) — the knowledge
 * model (docs/knowledge-model.md).
 */
import type { Topic } from '../problems/topics.ts';
import { isDueOn, type DueFacts } from './due-on.ts';
import { knowledgeLogit, problemDifficultyPrior, sigmoid, type LearnerKnowledge, type TopicKnowledge } from './knowledge-model.ts';
import { KNOWLEDGE_MODEL_PARAMETERS } from './knowledge-model-parameters.ts';
import type { LearnerDay } from './progress.ts';
import { composeSession, DAILY_SESSION_SIZE, MAX_SESSION_SIZE, MIN_NEW_PER_SESSION, selectNewProblems } from './select-problems.ts';

/** A review state as the queue reads it (columns of read_models.review_states). */
export interface DueQueueReview extends DueFacts {
  problem_id: string;
  topic_id: string;
}

/** A problem as the queue reads it (columns of read_models.problems). */
export interface QueueProblem {
  problem_id: string;
  topic_id: string;
  grade: number;
  difficulty_level: number;
}

/** The problem bank as of one moment. */
export interface QueueCatalogue<P extends QueueProblem> {
  /** Every problem by id. */
  problems: ReadonlyMap<string, P>;
  /** The shared bank's problems (no question-set problems) of a grade, or all of them, in one fixed order. */
  ofGrade(grade: number | null): readonly P[];
  /** The knowledge model's learned difficulty of a problem within its topic, null before its first answer. */
  difficulty(problemId: string): number | null;
}

/** A new problem with its predicted success, as `selectNewProblems` ranks it. */
interface NewProblemChoiceOf<P> {
  problemId: string;
  p: number;
  grade: number;
  topicId: string;
  problem: P;
}

/**
 * The daily queue's new problems as chosen from one catalogue: the choice depends on the learner's
 * inputs and the catalogue alone, so a caller that keeps the inputs keeps it with them and hands
 * it back (`DueQueueInputs.selection`) instead of choosing again.
 */
export interface NewProblemSelection<P, C> {
  view: C;
  chosen: readonly NewProblemChoiceOf<P>[];
}

/** What the queue knows of the learner, on one calendar day of theirs (`LearnerDay`). */
export interface DueQueueInputs<R extends DueQueueReview, P, C> extends LearnerDay {
  gradeLevel: number | null;
  /** Review states that may be due that day (at least every one due before it ends), by due time then problem id. */
  reviews: readonly R[];
  /** Every problem the learner answered. */
  attempted: ReadonlySet<string>;
  learnerState: LearnerKnowledge | undefined;
  topicStates: Readonly<Record<string, TopicKnowledge>>;
  /** Answers the learner gave (seeds the new-problem choice). */
  answers: number;
  /** Problem ids of work set for the learner (class work, tutors' question sets), in order. */
  assigned: readonly string[];
  /** The daily choice made before from these inputs (used when it was made from the same catalogue). */
  selection?: NewProblemSelection<P, C> | undefined;
}

export interface DueQueueRequest {
  /** The learner's id (seeds the new-problem choice; any case). */
  learner: string;
  /** A topic's queue (practice by choice), or null for the daily queue. */
  topic: Pick<Topic, 'id' | 'grades'> | null;
  /** At most this many problems (1-MAX_SESSION_SIZE). */
  limit: number;
}

type DueQueueItem<R, P> =
  | { kind: 'review'; problem: P; review: R; predictedSuccess: number }
  /** `assigned`: the problem is work set for the learner (the Learn page says so). */
  | { kind: 'new'; problem: P; assigned: boolean; predictedSuccess: number };

export interface DueQueue<R, P, C> {
  /** The session's problems: reviews first, then new ones. */
  items: DueQueueItem<R, P>[];
  reviewCount: number;
  newCount: number;
  /** Reviews due on the day, before any limit or catalogue filter. */
  dueTotal: number;
  /** The daily choice this queue used (undefined for a topic's queue): keep it with the inputs. */
  selection: NewProblemSelection<P, C> | undefined;
}

/** The reviews due on the inputs' day at `at` (`isDueOn`), in the inputs' order. */
export function dueReviews<R extends DueQueueReview>(inputs: LearnerDay & { reviews: readonly R[] }, at: Date): R[] {
  const atMs = at.getTime();
  return inputs.reviews.filter((review) => isDueOn(review, inputs, atMs));
}

/** The due queue of a learner at `at` from their inputs and the catalogue (see the top of this file). */
export function composeDueQueue<R extends DueQueueReview, P extends QueueProblem, C extends QueueCatalogue<P>>(
  inputs: DueQueueInputs<R, P, C>,
  catalogue: C,
  at: Date,
  request: DueQueueRequest,
): DueQueue<R, P, C> {
  const { topic } = request;
  const gradeLevel = inputs.gradeLevel;
  const due = dueReviews(inputs, at);

  const params = KNOWLEDGE_MODEL_PARAMETERS;
  // The learner's log-odds per topic, once per topic; each problem then subtracts its own difficulty.
  const topicLogits = new Map<string, number>();
  const predict = (problem: P) => {
    let logit = topicLogits.get(problem.topic_id);
    if (logit === undefined) {
      logit = knowledgeLogit(params, inputs.learnerState, inputs.topicStates[problem.topic_id], problem.topic_id);
      topicLogits.set(problem.topic_id, logit);
    }
    return sigmoid(logit - (catalogue.difficulty(problem.problem_id) ?? problemDifficultyPrior(params, problem.difficulty_level)));
  };
  const candidate = (problem: P): NewProblemChoiceOf<P> => ({ problemId: problem.problem_id, p: predict(problem), grade: problem.grade, topicId: problem.topic_id, problem });

  const reviews: { problemId: string; review: R; problem: P }[] = [];
  for (const review of due) {
    if (reviews.length === MAX_SESSION_SIZE) break;
    const problem = catalogue.problems.get(review.problem_id);
    if (problem && (topic === null || review.topic_id === topic.id)) reviews.push({ problemId: review.problem_id, review, problem });
  }
  const assigned: NewProblemChoiceOf<P>[] = [];
  if (topic === null) {
    for (const id of inputs.assigned) {
      const problem = catalogue.problems.get(id);
      if (problem) assigned.push(candidate(problem));
    }
  }

  let selection: NewProblemSelection<P, C> | undefined;
  let fresh: readonly NewProblemChoiceOf<P>[];
  if (topic === null) {
    selection = inputs.selection?.view === catalogue ? inputs.selection : undefined;
    if (!selection) {
      const candidates: NewProblemChoiceOf<P>[] = [];
      for (const problem of catalogue.ofGrade(gradeLevel)) if (!inputs.attempted.has(problem.problem_id)) candidates.push(candidate(problem));
      const chosen = selectNewProblems(candidates, {
        count: MAX_SESSION_SIZE,
        // A new choice after every answer, the same one on a reload.
        seed: `${request.learner.toLowerCase()}:${inputs.answers}`,
        ...(gradeLevel === null ? {} : { grade: gradeLevel }),
      });
      selection = { view: catalogue, chosen };
    }
    fresh = selection.chosen;
  } else {
    const candidates: NewProblemChoiceOf<P>[] = [];
    for (const problem of catalogue.ofGrade(null)) {
      if (problem.topic_id === topic.id && !inputs.attempted.has(problem.problem_id)) candidates.push(candidate(problem));
    }
    fresh = selectNewProblems(candidates, {
      count: MAX_SESSION_SIZE,
      seed: `${request.learner.toLowerCase()}:${inputs.answers}:${topic.id}`,
      ...(gradeLevel !== null && topic.grades.includes(gradeLevel) ? { grade: gradeLevel } : {}),
    });
  }

  // A session grows to hold the tutor's assigned problems too (never past `limit`).
  const limit = Math.min(request.limit, Math.max(DAILY_SESSION_SIZE, reviews.length + Math.max(MIN_NEW_PER_SESSION, assigned.length)));
  const session = composeSession({ dueReviews: reviews, newProblems: fresh, assigned, limit });
  let reviewCount = 0;
  const items = session.map((item): DueQueueItem<R, P> => {
    if (item.kind === 'new') {
      const { problem, problemId, p } = item.problem;
      return { kind: 'new', problem, assigned: inputs.assigned.includes(problemId), predictedSuccess: p };
    }
    reviewCount += 1;
    const { problem, review } = item.problem;
    return { kind: 'review', problem, review, predictedSuccess: predict(problem) };
  });
  return { items, reviewCount, newCount: items.length - reviewCount, dueTotal: due.length, selection };
}
