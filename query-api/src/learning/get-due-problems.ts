import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import {
  composeSession,
  DAILY_SESSION_SIZE,
  difficultyPrior,
  MAX_SESSION_SIZE,
  MIN_NEW_PER_SESSION,
  newReviewCard,
  predictFromParameters,
  retrievability,
  selectNewProblems,
  type ReviewCard,
} from '@mathdaily/domain';
import type { QueryApiDeps } from '../deps.ts';
import { intParam, PROBLEM_COLUMNS, problemRow, toApiProblem, type ProblemRow } from '../problems/problem-row.ts';
import { resolveLearner, userIdParams } from './learner-access.ts';
import { calendarFor, dueToday } from './learning-figures.ts';

const querystring = z.object({ limit: intParam('limit', 1, MAX_SESSION_SIZE).default(MAX_SESSION_SIZE) });

const reviewRow = problemRow.extend({
  due_at: z.string(),
  last_review_at: z.string(),
  consecutive_correct: z.number(),
  reps: z.number(),
  lapses: z.number(),
  stability: z.number(),
  difficulty: z.number(),
  card_state: z.string(),
  review_attempts: z.number(),
  correct_attempts: z.number(),
  mastered: z.boolean(),
  card: z.unknown(),
  problem_difficulty: z.number().nullable(),
});

const candidateRow = z.object({
  problem_id: z.string(),
  topic_id: z.string(),
  grade: z.number(),
  difficulty_level: z.number(),
  problem_difficulty: z.number().nullable(),
});

const abilityRow = z.object({ topic_id: z.string().nullable(), ability: z.number() });

/**
 * The practice queue as the learner sees it before answering: the answer, the worked explanation
 * and the hint are held back (submit-answer returns the first two, POST /api/learning/hints the
 * hint, which records that it was used); so are the generator's template id and seed, which would
 * regenerate the answer, and the `accept` spellings of text answers.
 */
function practiceProblem(row: ProblemRow) {
  const { correct_answer: _answer, explanation: _explanation, hint, template_id: _template, seed: _seed, ...shown } = toApiProblem(row);
  const { accept: _accept, ...answerForm } = row.answer_form;
  return { ...shown, answer_form: answerForm, correct_answer: null, explanation: null, hint: null, has_hint: hint.length > 0 };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

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
 * not already reviewed today), most overdue first. Then new problems (never attempted, in the
 * learner's grade when it is known) chosen by `selectNewProblems` nearest the target success
 * probability (0.75) predicted by the ability model, and put together by `composeSession`:
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
      const learner = await resolveLearner(request, deps, request.params.userId);
      const userId = learner.userId;
      const now = deps.clock();
      const cal = calendarFor(now, learner.timezone);

      const [reviews, dueTotal, abilities, attemptsSoFar] = await Promise.all([
        deps.pool.any(sql.type(reviewRow)`
          SELECT ${PROBLEM_COLUMNS}, r.due_at, r.last_review_at, r.consecutive_correct, r.reps, r.lapses, r.stability,
                 r.difficulty, r.card_state, r.attempts AS review_attempts, r.correct_attempts, r.mastered,
                 r.state -> 'card' AS card, ap.difficulty AS problem_difficulty
          FROM read_models.review_states r
          JOIN read_models.problems p ON p.problem_id = r.problem_id
          LEFT JOIN read_models.ability_problems ap ON ap.problem_id = r.problem_id
          WHERE r.user_id = ${userId}::uuid AND ${dueToday('r', cal)}
          ORDER BY r.due_at, r.problem_id
          LIMIT ${MAX_SESSION_SIZE}`),
        deps.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
          SELECT count(*) AS n FROM read_models.review_states r WHERE r.user_id = ${userId}::uuid AND ${dueToday('r', cal)}`),
        deps.pool.any(sql.type(abilityRow)`
          SELECT NULL::text AS topic_id, ability FROM read_models.ability_students WHERE user_id = ${userId}::uuid
          UNION ALL
          SELECT topic_id, ability FROM read_models.ability_student_topics WHERE user_id = ${userId}::uuid`),
        deps.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
          SELECT coalesce(sum(answers), 0)::int8 AS n FROM read_models.practice_days WHERE user_id = ${userId}::uuid`),
      ]);

      const studentAbility = abilities.find((a) => a.topic_id === null)?.ability ?? 0;
      const topicAbility = new Map(abilities.filter((a) => a.topic_id !== null).map((a) => [a.topic_id!, a.ability]));
      const predict = (row: { topic_id: string; difficulty_level: number; problem_difficulty: number | null }) =>
        predictFromParameters({
          studentAbility,
          topicAbility: topicAbility.get(row.topic_id) ?? 0,
          problemDifficulty: row.problem_difficulty ?? difficultyPrior(row.difficulty_level),
        });

      const gradeFilter = learner.gradeLevel === null ? sql.fragment`TRUE` : sql.fragment`p.grade = ${learner.gradeLevel}`;
      const candidates = await deps.pool.any(sql.type(candidateRow)`
        SELECT p.problem_id, p.topic_id, p.grade, p.difficulty_level, ap.difficulty AS problem_difficulty
        FROM read_models.problems p
        LEFT JOIN read_models.ability_problems ap ON ap.problem_id = p.problem_id
        WHERE ${gradeFilter}
          AND NOT EXISTS (SELECT 1 FROM read_models.review_states r WHERE r.user_id = ${userId}::uuid AND r.problem_id = p.problem_id)`);
      const fresh = selectNewProblems(
        candidates.map((c) => ({ problemId: c.problem_id, p: predict(c), grade: c.grade, topicId: c.topic_id })),
        {
          count: MAX_SESSION_SIZE,
          // A new choice after every answer, the same one on a reload.
          seed: `${userId}:${attemptsSoFar}`,
          ...(learner.gradeLevel === null ? {} : { grade: learner.gradeLevel }),
        },
      );

      const limit = Math.min(request.query.limit, Math.max(DAILY_SESSION_SIZE, reviews.length + MIN_NEW_PER_SESSION));
      const session = composeSession({
        dueReviews: reviews.map((row) => ({ problemId: row.problem_id, row })),
        newProblems: fresh,
        limit,
      });

      const newIds = session.filter((item) => item.kind === 'new').map((item) => item.problem.problemId);
      const newRows = new Map(
        (newIds.length === 0
          ? []
          : await deps.pool.any(sql.type(problemRow)`
              SELECT ${PROBLEM_COLUMNS} FROM read_models.problems p WHERE p.problem_id = ANY(${sql.array(newIds, 'uuid')})`)
        ).map((row) => [row.problem_id, row]),
      );

      const problems = session.flatMap((item): DueProblem[] => {
        if (item.kind === 'review') {
          const row = item.problem.row;
          const card = (typeof row.card === 'string' ? JSON.parse(row.card) : row.card) as ReviewCard;
          return [
            {
              ...practiceProblem(row),
              kind: 'review',
              progress: {
                next_review_at: row.due_at,
                last_review_at: row.last_review_at,
                consecutive_correct: row.consecutive_correct,
                reps: row.reps,
                lapses: row.lapses,
                attempts: row.review_attempts,
                correct_attempts: row.correct_attempts,
                stability_days: round3(row.stability),
                fsrs_difficulty: round3(row.difficulty),
                state: row.card_state,
                mastered: row.mastered,
                retrievability: round3(retrievability(card, now)),
              },
              predicted_success: round3(predict(row)),
            },
          ];
        }
        const row = newRows.get(item.problem.problemId);
        if (!row) return [];
        return [{ ...practiceProblem(row), kind: 'new', progress: newProblemProgress(now), predicted_success: round3(item.problem.p) }];
      });

      return {
        data: {
          problems,
          reviews: problems.filter((p) => p.kind === 'review').length,
          new: problems.filter((p) => p.kind === 'new').length,
          due_total: Number(dueTotal),
        },
      };
    },
  });
}
