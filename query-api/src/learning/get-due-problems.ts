import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  composeDueQueue,
  dueReviews,
  findTopic,
  MAX_SESSION_SIZE,
  newReviewCard,
  retrievability,
  type CardState,
  type RecallInputs,
} from '@mathdaily/domain';
import type { QueryApiDeps } from '../deps.ts';
import { minPositionOf } from '../min-position.ts';
import { problemCatalogueOf } from '../problems/problem-catalogue.ts';
import { intParam, toApiProblem, type ProblemRow } from '../problems/problem-row.ts';
import { authorizeLearner, unknownLearner, userIdParams } from './learner-access.ts';
import { learnerQueueCacheOf, type ReviewInput } from './learner-queue-cache.ts';
import { dueProblemsResponse } from '@mathdaily/domain/api/learning';

const querystring = z.object({
  limit: intParam('limit', 1, MAX_SESSION_SIZE).default(MAX_SESSION_SIZE),
  topic: z
    .string()
    .max(100)
    .refine((id) => findTopic(id) !== undefined, { error: 'topic must be a topic id such as fractions' })
    .optional(),
});

/**
 * The practice queue as the learner sees it before answering: the answer, the worked explanation
 * and the hint are held back (submit-answer returns the first two, POST /api/learning/hints the
 * hint, which records that it was used); so are the generator's template id and seed, which would
 * regenerate the answer, and the `accept` spellings of text answers.
 */
function toPracticeProblem(row: ProblemRow) {
  const { correct_answer: _answer, explanation: _explanation, hint, template_id: _template, seed: _seed, ...shown } = toApiProblem(row, false);
  const { accept: _accept, ...answerForm } = row.answer_form;
  return { ...shown, answer_form: answerForm, correct_answer: null, explanation: null, hint: null, has_hint: hint.length > 0 };
}

/** Made once per catalogue row (rows never change; responses copy it before adding their own fields); the resume and topic queries show problems the same way. */
const practiceProblems = new WeakMap<ProblemRow, ReturnType<typeof toPracticeProblem>>();
export function practiceProblem(row: ProblemRow) {
  let problem = practiceProblems.get(row);
  if (!problem) practiceProblems.set(row, (problem = toPracticeProblem(row)));
  return problem;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** What recall depends on, from a review state's columns (the card document is not read). */
const recallOf = (review: ReviewInput): RecallInputs => ({
  due: new Date(review.dueMs).toISOString(),
  state: review.cardState as CardState,
  stability: review.stability,
  last_review: review.lastReviewMs === null ? null : new Date(review.lastReviewMs).toISOString(),
});

interface ReviewProgress {
  next_review_at: string;
  last_review_at: string | null;
  consecutive_correct: number;
  reps: number;
  lapses: number;
  attempts: number;
  correct_attempts: number;
  stability_days: number;
  fsrs_difficulty: number;
  state: string;
  mastered: boolean;
  retrievability: number;
}

type DueProblem = ReturnType<typeof practiceProblem> & {
  kind: 'review' | 'new';
  /** A new problem from a question set the student's tutor assigned (the Learn page says so). */
  assigned: boolean;
  progress: ReviewProgress;
  predicted_success: number;
};

/** A problem never answered: an FSRS card that is new and due now (SPEC §3: every due problem has progress). */
function newProblemProgress(now: Date): ReviewProgress {
  const card = newReviewCard(now);
  return {
    next_review_at: card.due,
    last_review_at: null,
    consecutive_correct: 0,
    reps: card.reps,
    lapses: card.lapses,
    attempts: 0,
    correct_attempts: 0,
    stability_days: card.stability,
    fsrs_difficulty: card.difficulty,
    state: card.state,
    mastered: false,
    retrievability: 0,
  };
}

/**
 * GET /api/learning/due-problems/{userId}?limit=20 → { data: { problems, reviews, new, due_total } }.
 *
 * Reviews first: problems due today in the learner's time zone (FSRS due by the end of today and
 * not already reviewed today), most overdue first. Then the problems of question sets the
 * learner's active tutors gave them (not attempted yet, oldest set first, in the set's order; the
 * session grows to hold them, up to `limit`). Then new problems (never attempted, in the
 * learner's grade when it is known) chosen by `selectNewProblems` nearest the target success
 * probability (0.75) predicted by the knowledge model, and put together by `composeSession`:
 * the landing page's outline (3-4 reviews, 1-2 new; 6 new for a learner with nothing due),
 * growing to every due review + 2 new when more are due, never more than `limit` (≤ 20).
 * Each problem carries `progress` (SPEC §3: next_review_at, consecutive_correct shown as Streak…;
 * a new problem's is a new FSRS card, due now) and `predicted_success`.
 *
 * `?topic=fractions` (practice by choice, docs/practice-loop.md): the same queue for one topic —
 * its due reviews, then its new problems chosen the same way, in the learner's grade when the
 * topic is taught in it and from all of the topic's grades otherwise; no assigned problems.
 *
 * The rules are the domain's `composeDueQueue`; this handler reads its inputs (the learner's from
 * `LearnerQueueCache`, the problem bank from `ProblemCatalogue`) and shapes the response.
 */
export function registerGetDueProblems(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/learning/due-problems/:userId', {
    config: { access: 'authenticated' },
    schema: { tags: ['learning'], params: userIdParams, querystring, response: { 200: dueProblemsResponse } },
    handler: async (request) => {
      const userId = request.params.userId;
      const { self } = await authorizeLearner(request, deps, userId);
      const now = deps.clock();
      const seq = deps.waiter.checkpoint.seq;
      const minPosition = minPositionOf(request);
      // The batch that applied the caller's own write (the x-min-position wait found it).
      const ownWrite = minPosition === null ? null : (deps.waiter.appliedAt(minPosition) ?? null);
      const queueCache = learnerQueueCacheOf(deps);
      const [inputs, bank] = await Promise.all([queueCache.inputsOf(userId, now, seq, ownWrite), problemCatalogueOf(deps).viewAt(seq)]);
      // Right after registering, before the projector caught up, your own queue is a new learner's.
      if (!inputs.known && !self) throw unknownLearner(userId);
      // A due review or an assigned problem the view lacks: created after the view's checkpoint when the inputs are
      // newer (read the catalogue once more), else not in the problem bank at all (never shown).
      const complete =
        inputs.at <= bank.at ||
        (dueReviews(inputs, now).every((review) => bank.problems.has(review.problem_id)) && inputs.assigned.every((id) => bank.problems.has(id)));
      const catalogue = complete ? bank : await problemCatalogueOf(deps).latest();
      const topic = request.query.topic === undefined ? null : findTopic(request.query.topic)!;
      const queue = composeDueQueue(inputs, catalogue, now, { learner: userId, topic, limit: request.query.limit });
      queueCache.keepSelection(inputs, queue.selection);

      const problems = queue.items.map((item): DueProblem => {
        if (item.kind === 'new') {
          return {
            ...practiceProblem(item.problem),
            kind: 'new',
            assigned: item.assigned,
            progress: newProblemProgress(now),
            predicted_success: round3(item.predictedSuccess),
          };
        }
        const { review, problem } = item;
        return {
          ...practiceProblem(problem),
          kind: 'review',
          assigned: false,
          progress: {
            next_review_at: new Date(review.dueMs).toISOString(),
            last_review_at: review.lastReviewMs === null ? null : new Date(review.lastReviewMs).toISOString(),
            consecutive_correct: review.consecutive_correct,
            reps: review.reps,
            lapses: review.lapses,
            attempts: review.review_attempts,
            correct_attempts: review.correct_attempts,
            stability_days: round3(review.stability),
            fsrs_difficulty: round3(review.difficulty),
            state: review.cardState,
            mastered: review.mastered,
            retrievability: round3(retrievability(recallOf(review), now)),
          },
          predicted_success: round3(item.predictedSuccess),
        };
      });

      return {
        data: {
          problems,
          reviews: queue.reviewCount,
          new: queue.newCount,
          due_total: queue.dueTotal,
        },
      };
    },
  });
}
