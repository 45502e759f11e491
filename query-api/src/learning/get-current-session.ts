import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { SESSION_IDLE_MS } from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { problemCatalogueOf } from '../problems/problem-catalogue.ts';
import { practiceProblem } from './get-due-problems.ts';
import { calendarFor } from './learning-figures.ts';
import { registerLearnerQuery } from './learner-access.ts';
import { currentSessionResponse } from '@mathdaily/domain/api/learning';

const sessionRow = tableRows.practice_sessions.pick({
  session_id: true,
  mode: true,
  topic_id: true,
  problem_ids: true,
  hints: true,
  problems_completed: true,
  correct_answers: true,
  retries: true,
  correct_on_retry: true,
  started_at: true,
  last_activity_at: true,
});

const answerRow = tableRows.attempts.pick({
  attempt_id: true,
  problem_id: true,
  user_answer: true,
  is_correct: true,
  first_try: true,
  hints_used: true,
  difficulty_rating: true,
  response_time_ms: true,
  feedback: true,
  answered_at: true,
});

/** A problem id of an assigned question set (an element of `question_sets.problem_ids`). */
const assignedRow = z.object({ problem_id: z.string() });

const reviewRow = tableRows.review_states.pick({ problem_id: true, due_at: true, consecutive_correct: true, first_attempt_at: true });

/**
 * GET /api/learning/sessions/current/{userId} → { data: { session } }: the practice session to
 * continue (docs/practice-loop.md "Sessions"), or null. A session is continued while it is open,
 * began on the student's local today (a new day is a new daily mix) and had activity in the last
 * 30 minutes (SESSION_IDLE_MS: after that the idle check ends it), on any device: the plan's problems in order (as the due queue shows them, with `kind` review or new
 * as they were when the session started, and `progress`), the answers given so far (with the right
 * answer and the worked explanation of each problem answered, which the student has seen), the
 * hints opened and the counts (`sessionCounts`). The Learn page computes where it is with the
 * domain's `sessionQueue`, as it did before the reload.
 */
export function registerGetCurrentSession(app: FastifyInstance, deps: QueryApiDeps) {
  registerLearnerQuery(app, deps, '/api/learning/sessions/current/:userId', currentSessionResponse, async (learner) => {
    const userId = learner.userId;
    const now = deps.clock();
    const today = calendarFor(now, learner.timezone);
    const activeSince = new Date(now.getTime() - SESSION_IDLE_MS).toISOString();
    const session = await deps.pool.maybeOne(sql.type(sessionRow)`
      SELECT session_id, mode, topic_id, problem_ids, hints, problems_completed, correct_answers, retries, correct_on_retry, started_at, last_activity_at
      FROM read_models.practice_sessions
      WHERE user_id = ${userId}::uuid AND ended_at IS NULL AND last_activity_at > ${activeSince}::timestamptz
        AND started_at >= ${today.startOfToday} AND jsonb_array_length(problem_ids) > 0
      ORDER BY last_activity_at DESC LIMIT 1`);
    if (!session) return { data: { session: null } };
    const [answers, catalogue] = await Promise.all([
      deps.pool.any(sql.type(answerRow)`
        SELECT attempt_id, problem_id, user_answer, is_correct, first_try, hints_used, difficulty_rating, response_time_ms, feedback, answered_at
        FROM read_models.attempts WHERE session_id = ${session.session_id} AND user_id = ${userId}::uuid ORDER BY answered_at, position`),
      problemCatalogueOf(deps).latest(),
    ]);
    const problemIds = [...new Set([...session.problem_ids, ...answers.map((answer) => answer.problem_id)])];
    const [reviews, assignedRows] = await Promise.all([
      deps.pool.any(sql.type(reviewRow)`
        SELECT problem_id, due_at, consecutive_correct, first_attempt_at FROM read_models.review_states
        WHERE user_id = ${userId}::uuid AND problem_id = ANY(${sql.array(problemIds, 'uuid')})`),
      // Problems of a question set assigned to the student (shown as assigned, as in the due queue).
      deps.pool.any(sql.type(assignedRow)`
        SELECT DISTINCT e.problem_id FROM read_models.question_set_assignments a
        JOIN read_models.question_sets s ON s.set_id = a.set_id
        CROSS JOIN LATERAL jsonb_array_elements_text(s.problem_ids) AS e(problem_id)
        WHERE a.student_id = ${userId}::uuid AND e.problem_id = ANY(${sql.array(problemIds, 'text')})`),
    ]);
    const assigned = new Set(assignedRows.map((row) => row.problem_id));
    const reviewOf = new Map(reviews.map((review) => [review.problem_id, review]));
    const answered = new Set(answers.map((answer) => answer.problem_id));
    const startedAt = Date.parse(session.started_at);
    const problems = problemIds.flatMap((problemId) => {
      const row = catalogue.problems.get(problemId);
      if (!row) return [];
      const review = reviewOf.get(problemId);
      const reviewedBefore = review !== undefined && Date.parse(review.first_attempt_at) < startedAt;
      return [
        {
          ...practiceProblem(row),
          kind: reviewedBefore ? ('review' as const) : ('new' as const),
          assigned: !reviewedBefore && assigned.has(problemId),
          progress: { next_review_at: review?.due_at ?? null, consecutive_correct: review?.consecutive_correct ?? 0 },
          // Seen already: the feedback of an answer (a reload on it) shows them again.
          ...(answered.has(problemId) ? { correct_answer: row.correct_answer, explanation: row.explanation } : {}),
        },
      ];
    });
    return {
      data: {
        session: {
          session_id: session.session_id,
          mode: session.mode,
          topic_id: session.topic_id,
          plan: session.problem_ids,
          started_at: session.started_at,
          last_activity_at: session.last_activity_at,
          hints_opened: session.hints,
          problems,
          answers: [...answers],
          counts: {
            problems_completed: session.problems_completed,
            correct_answers: session.correct_answers,
            retries: session.retries,
            correct_on_retry: session.correct_on_retry,
          },
        },
      },
    };
  });
}
