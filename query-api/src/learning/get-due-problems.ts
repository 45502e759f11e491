import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import {
  composeSession,
  DAILY_SESSION_SIZE,
  KNOWLEDGE_MODEL_PARAMETERS,
  knowledgeLogit,
  MAX_SESSION_SIZE,
  MIN_NEW_PER_SESSION,
  newReviewCard,
  problemDifficultyPrior,
  retrievability,
  selectNewProblems,
  sigmoid,
  type LearnerKnowledge,
  type ReviewCard,
  type TopicKnowledge,
} from '@mathdaily/domain';
import type { QueryApiDeps } from '../deps.ts';
import { problemCatalogueOf } from '../problems/problem-catalogue.ts';
import { intParam, toApiProblem, type ProblemRow } from '../problems/problem-row.ts';
import { authorizeLearner, unknownLearner, userIdParams } from './learner-access.ts';
import { dueToday } from './learning-figures.ts';

const querystring = z.object({ limit: intParam('limit', 1, MAX_SESSION_SIZE).default(MAX_SESSION_SIZE) });

/** A due review as the queue query returns it (JSON: times as ISO text with an offset). */
interface ReviewJson {
  problem_id: string;
  due_at: string;
  last_review_at: string;
  consecutive_correct: number;
  reps: number;
  lapses: number;
  stability: number;
  difficulty: number;
  card_state: string;
  review_attempts: number;
  correct_attempts: number;
  mastered: boolean;
  /** The FSRS card (jsonb; a card stored as JSON text comes as a string). */
  card: ReviewCard | string;
}

/**
 * What the queue needs about the learner, in one round trip and one row: the grade and the time
 * zone's "today" (CTE `learner`: the day in the learner's zone at the request time), the due reviews (at
 * most a session's worth), how many are due, the abilities, the answer count (the selection's
 * seed) and every problem attempted (not new any more). The problems and their learned
 * difficulties come from the catalogue.
 */
const learnerRow = z.object({
  /** Whether the learner has a profile (read model learner_profiles), and their grade. */
  known: z.boolean(),
  grade_level: z.number().nullable(),
  reviews: z.array(z.unknown()),
  due_total: z.coerce.number(),
  /** The knowledge model's states (docs/knowledge-model.md), as the projector stored them. */
  learner_state: z.unknown(),
  topic_states: z.record(z.string(), z.unknown()).nullable(),
  answers: z.coerce.number(),
  attempted: z.array(z.unknown()),
  /** Problems of question sets the learner's active tutors gave them, not attempted yet, oldest set first. */
  assigned: z.array(z.unknown()),
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

/** Made once per catalogue row (rows never change; responses copy it before adding their own fields). */
const practiceProblems = new WeakMap<ProblemRow, ReturnType<typeof toPracticeProblem>>();
function practiceProblem(row: ProblemRow) {
  let problem = practiceProblems.get(row);
  if (!problem) practiceProblems.set(row, (problem = toPracticeProblem(row)));
  return problem;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
/** A JSON timestamp as the API writes times (what the pool's timestamptz parser gives for a column). */
const isoTime = (value: string) => new Date(value).toISOString();

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
 */
export function registerGetDueProblems(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/learning/due-problems/:userId', {
    config: { access: 'authenticated' },
    schema: { tags: ['learning'], params: userIdParams, querystring },
    handler: async (request) => {
      const userId = request.params.userId;
      const { self } = await authorizeLearner(request, deps, userId);
      const now = deps.clock();

      const user = sql.fragment`${userId}::uuid`;
      const due = dueToday('r', {
        now: sql.fragment`${now.toISOString()}::timestamptz`,
        startOfToday: sql.fragment`(SELECT start_of_today FROM learner)`,
        startOfTomorrow: sql.fragment`(SELECT start_of_tomorrow FROM learner)`,
      });
      // zod checks this one row; its arrays (up to 20 reviews, the problems attempted) are taken as
      // the read model wrote them.
      const [learnerData, bank] = await Promise.all([
        deps.prepared.one('mathdaily-due-queue', sql.type(learnerRow)`
          WITH learner AS MATERIALIZED (
            SELECT p.user_id IS NOT NULL AS known, p.grade_level,
                   d.today::timestamp AT TIME ZONE z.tz AS start_of_today,
                   (d.today + 1)::timestamp AT TIME ZONE z.tz AS start_of_tomorrow
            FROM (SELECT 1) AS one
            LEFT JOIN read_models.learner_profiles p ON p.user_id = ${user}
            CROSS JOIN LATERAL (SELECT coalesce(p.timezone, 'UTC') AS tz) z
            CROSS JOIN LATERAL (SELECT (${now.toISOString()}::timestamptz AT TIME ZONE z.tz)::date AS today) d
          )
          SELECT
            (SELECT known FROM learner) AS known,
            (SELECT grade_level FROM learner) AS grade_level,
            (SELECT coalesce(json_agg(d ORDER BY d.due_at, d.problem_id), '[]'::json) FROM (
               SELECT r.problem_id, r.due_at, r.last_review_at, r.consecutive_correct, r.reps, r.lapses, r.stability,
                      r.difficulty, r.card_state, r.attempts AS review_attempts, r.correct_attempts,
                      (r.last_is_correct AND coalesce(t.mastered, false)) AS mastered,
                      r.state -> 'card' AS card
               FROM read_models.review_states r
               JOIN read_models.problems p ON p.problem_id = r.problem_id
               LEFT JOIN read_models.ability_student_topics t ON t.user_id = r.user_id AND t.topic_id = r.topic_id
               WHERE r.user_id = ${user} AND ${due}
               ORDER BY r.due_at, r.problem_id
               LIMIT ${MAX_SESSION_SIZE}) d) AS reviews,
            (SELECT count(*) FROM read_models.review_states r WHERE r.user_id = ${user} AND ${due}) AS due_total,
            (SELECT state FROM read_models.ability_students WHERE user_id = ${user}) AS learner_state,
            (SELECT json_object_agg(topic_id, state) FROM read_models.ability_student_topics WHERE user_id = ${user}) AS topic_states,
            (SELECT coalesce(sum(answers), 0)::int8 FROM read_models.practice_days WHERE user_id = ${user}) AS answers,
            (SELECT coalesce(json_agg(r.problem_id), '[]'::json) FROM read_models.review_states r WHERE r.user_id = ${user}) AS attempted,
            (SELECT coalesce(json_agg(q.problem_id ORDER BY q.assigned_at, q.set_id, q.ord), '[]'::json) FROM (
               SELECT e.problem_id, a.assigned_at, a.set_id, e.ord
               FROM read_models.question_set_assignments a
               JOIN read_models.question_sets s ON s.set_id = a.set_id
               JOIN read_models.tutor_students ts ON ts.tutor_id = a.tutor_id AND ts.student_id = a.student_id AND ts.status = 'active'
               CROSS JOIN LATERAL jsonb_array_elements_text(s.problem_ids) WITH ORDINALITY AS e(problem_id, ord)
               WHERE a.student_id = ${user}
                 AND NOT EXISTS (SELECT 1 FROM read_models.review_states r WHERE r.user_id = ${user} AND r.problem_id = e.problem_id::uuid)) q) AS assigned`),
        problemCatalogueOf(deps.pool, deps.waiter).viewAt(deps.waiter.checkpoint),
      ]);
      if (!learnerData.known && !self) throw unknownLearner(userId);
      // Right after registering, before the projector caught up, your own queue is a new learner's.
      const gradeLevel = learnerData.grade_level;
      const reviews = learnerData.reviews as ReviewJson[];
      const assignedIds = learnerData.assigned as string[];
      // A review or an assigned problem created after the catalogue's checkpoint: read the catalogue once more.
      const catalogue = reviews.every((review) => bank.problems.has(review.problem_id)) && assignedIds.every((id) => bank.problems.has(id))
        ? bank
        : await problemCatalogueOf(deps.pool, deps.waiter).latest();

      const params = KNOWLEDGE_MODEL_PARAMETERS;
      const learnerState = (learnerData.learner_state ?? undefined) as LearnerKnowledge | undefined;
      const topicStates = (learnerData.topic_states ?? {}) as Record<string, TopicKnowledge>;
      // The learner's log-odds per topic, once per topic; each problem then subtracts its own difficulty.
      const topicLogits = new Map<string, number>();
      const predict = (problem: ProblemRow) => {
        let logit = topicLogits.get(problem.topic_id);
        if (logit === undefined) {
          logit = knowledgeLogit(params, learnerState, topicStates[problem.topic_id], problem.topic_id);
          topicLogits.set(problem.topic_id, logit);
        }
        return sigmoid(logit - (catalogue.difficulty(problem.problem_id) ?? problemDifficultyPrior(params, problem.difficulty_level)));
      };

      const attempted = new Set(learnerData.attempted as string[]);
      const candidate = (problem: ProblemRow) => ({ problemId: problem.problem_id, p: predict(problem), grade: problem.grade, topicId: problem.topic_id, problem });
      const assigned = assignedIds.flatMap((id) => {
        const problem = catalogue.problems.get(id);
        return problem ? [candidate(problem)] : [];
      });
      const fresh = selectNewProblems(
        catalogue
          .ofGrade(gradeLevel)
          .flatMap((problem) =>
            attempted.has(problem.problem_id) ? [] : [candidate(problem)],
          ),
        {
          count: MAX_SESSION_SIZE,
          // A new choice after every answer, the same one on a reload.
          seed: `${userId}:${learnerData.answers}`,
          ...(gradeLevel === null ? {} : { grade: gradeLevel }),
        },
      );

      const dueReviews = reviews.flatMap((review) => {
        const problem = catalogue.problems.get(review.problem_id);
        return problem ? [{ problemId: review.problem_id, review, problem }] : [];
      });
      // A session grows to hold the tutor's assigned problems too (never past `limit`).
      const limit = Math.min(request.query.limit, Math.max(DAILY_SESSION_SIZE, dueReviews.length + Math.max(MIN_NEW_PER_SESSION, assigned.length)));
      const session = composeSession({ dueReviews, newProblems: fresh, assigned, limit });

      const problems = session.map((item): DueProblem => {
        if (item.kind === 'new') {
          return { ...practiceProblem(item.problem.problem), kind: 'new', progress: newProblemProgress(now), predicted_success: round3(item.problem.p) };
        }
        const { review, problem } = item.problem;
        return {
          ...practiceProblem(problem),
          kind: 'review',
          progress: {
            next_review_at: isoTime(review.due_at),
            last_review_at: isoTime(review.last_review_at),
            consecutive_correct: review.consecutive_correct,
            reps: review.reps,
            lapses: review.lapses,
            attempts: review.review_attempts,
            correct_attempts: review.correct_attempts,
            stability_days: round3(review.stability),
            fsrs_difficulty: round3(review.difficulty),
            state: review.card_state,
            mastered: review.mastered,
            retrievability: round3(retrievability(typeof review.card === 'string' ? (JSON.parse(review.card) as ReviewCard) : review.card, now)),
          },
          predicted_success: round3(predict(problem)),
        };
      });

      return {
        data: {
          problems,
          reviews: problems.filter((p) => p.kind === 'review').length,
          new: problems.filter((p) => p.kind === 'new').length,
          due_total: learnerData.due_total,
        },
      };
    },
  });
}
