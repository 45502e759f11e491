import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { addLocalDays, masteryLevel } from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { registerLearnerQuery } from './learner-access.ts';
import { achievementsEarnedCount, calendarFor, practiceTotals, ratio, reviewTotals, streakFigures } from './learning-figures.ts';
import { progressResponse } from '@mathdaily/domain/api/learning';

const topicRow = z.object({
  topic_id: tableRows.review_states.shape.topic_id,
  topic: tableRows.review_states.shape.topic,
  total: z.number(),
  mastered: z.number(),
  attempts: z.number(),
  correct: z.number(),
  first_tries: z.number(),
  first_tries_correct: z.number(),
});

const dayColumn = tableRows.practice_days.shape;
const dayRow = z.object({ date: z.string(), answers: dayColumn.answers, correct: dayColumn.correct_answers, study_ms: dayColumn.study_ms });

const attemptRow = tableRows.attempts.pick({
  attempt_id: true,
  problem_id: true,
  topic: true,
  is_correct: true,
  hints_used: true,
  response_time_ms: true,
  difficulty_rating: true,
  was_review: true,
  answered_at: true,
});

const responseRow = z.object({ average: z.number().nullable() });
const dueDayRow = z.object({ date: z.string(), reviews: z.number() });

/** Days of recent activity on the progress page. */
const RECENT_DAYS = 7;
/** Days of reviews ahead on the progress page (today and the 13 after it). */
const REVIEW_DAYS = 14;

/**
 * GET /api/learning/progress/{userId} → { data } with every field of SPEC §3's progress summary:
 * - total_problems_attempted: distinct problems answered at least once;
 * - total_problems_mastered: problems currently mastered: last answered right, in a topic the
 *   knowledge model says is mastered (predicted success ≥ 0.8 over ≥ 3 answers, docs/learning-model.md §3);
 * - total_study_time_seconds: the answers' response times (each capped at 10 minutes);
 * - current_streak / longest_streak: calendar days with practice in the learner's time zone
 *   (current counts through today, or through yesterday while today has no practice yet);
 * - overall_success_rate: problems right at the first try / problems answered, each session's
 *   first answer to a problem counting (0-1; `sessionCounts`, as the session summary and the tutor
 *   feed count; retries are `retries`);
 * - problems_due_today: reviews due by the end of today (overdue ones included);
 *   problems_overdue: those due before today began;
 * - average_mastery_time_days: from the first answer on a topic to its first mastery, over topics mastered (null if none);
 * - mastery_by_topic: topic name → { mastered, total (problems attempted in it), mastery_rate }
 *   (plus topic_id, attempts, success_rate and mastery_level for the insights).
 * Extras: mastery_rate / mastery_level (SPEC §4 cut-offs), answer counts, average response time,
 * achievements earned, recent activity (last 7 local days), the last 10 answers, and
 * reviews_ahead: the reviews due on each of the next 14 local days (today's is problems_due_today;
 * a later day counts the problems whose FSRS due time falls on it, so the days add up to what
 * will come, as Anki's forecast).
 */
export function registerGetProgress(app: FastifyInstance, deps: QueryApiDeps) {
  registerLearnerQuery(app, deps, '/api/learning/progress/:userId', progressResponse, async (learner) => {
    const userId = learner.userId;
    const cal = calendarFor(deps.clock(), learner.timezone);
    const since = addLocalDays(cal.today, -(RECENT_DAYS - 1));
    const lastReviewDay = sql.fragment`((${cal.today}::date + ${REVIEW_DAYS}::int)::timestamp AT TIME ZONE ${cal.timezone})`;
    const [reviews, practice, topics, days, recent, responses, achievementsEarned, dueDays] = await Promise.all([
      reviewTotals(deps.pool, userId, cal),
      practiceTotals(deps.pool, userId),
      deps.pool.any(sql.type(topicRow)`
        SELECT r.topic_id, min(r.topic) AS topic, count(*) AS total, coalesce(max(t.problems_mastered), 0) AS mastered,
               sum(r.attempts)::int8 AS attempts, sum(r.correct_attempts)::int8 AS correct,
               coalesce(max(f.first_tries), 0)::int8 AS first_tries, coalesce(max(f.first_tries_correct), 0)::int8 AS first_tries_correct
        FROM read_models.review_states r
        LEFT JOIN read_models.ability_student_topics t ON t.user_id = r.user_id AND t.topic_id = r.topic_id
        LEFT JOIN (
          SELECT topic_id, count(*) FILTER (WHERE first_try) AS first_tries, count(*) FILTER (WHERE first_try AND is_correct) AS first_tries_correct
          FROM read_models.attempts WHERE user_id = ${userId}::uuid GROUP BY topic_id) f ON f.topic_id = r.topic_id
        WHERE r.user_id = ${userId}::uuid
        GROUP BY r.topic_id ORDER BY min(r.topic), r.topic_id`),
      deps.pool.any(sql.type(dayRow)`
        SELECT to_char(local_date, 'YYYY-MM-DD') AS date, answers, correct_answers AS correct, study_ms
        FROM read_models.practice_days WHERE user_id = ${userId}::uuid AND local_date >= ${since}::date
        ORDER BY local_date`),
      deps.pool.any(sql.type(attemptRow)`
        SELECT attempt_id, problem_id, topic, is_correct, hints_used, response_time_ms, difficulty_rating, was_review, answered_at
        FROM read_models.attempts WHERE user_id = ${userId}::uuid ORDER BY answered_at DESC, position DESC LIMIT 10`),
      deps.pool.one(sql.type(responseRow)`
        SELECT avg(response_time_ms)::float8 AS average FROM read_models.attempts WHERE user_id = ${userId}::uuid`),
      achievementsEarnedCount(deps.pool, userId),
      deps.pool.any(sql.type(dueDayRow)`
        SELECT to_char((due_at AT TIME ZONE ${cal.timezone})::date, 'YYYY-MM-DD') AS date, count(*) AS reviews
        FROM read_models.review_states
        WHERE user_id = ${userId}::uuid AND due_at >= ${cal.startOfTomorrow} AND due_at < ${lastReviewDay}
        GROUP BY 1`),
    ]);
    const dueOn = new Map(dueDays.map((day) => [day.date, day.reviews]));
    const { current, longest } = streakFigures(practice.days, cal);
    const masteryRate = ratio(reviews.mastered, reviews.attempted);
    const byDay = new Map(days.map((day) => [day.date, day]));

    return {
      data: {
        total_problems_attempted: reviews.attempted,
        total_problems_mastered: reviews.mastered,
        total_study_time_seconds: Math.round(practice.study_ms / 1000),
        current_streak: current,
        longest_streak: longest,
        // As the session summary counts it (`sessionCounts`): problems right at the first try; retries apart.
        overall_success_rate: ratio(practice.problems_correct, practice.problems),
        problems_due_today: reviews.due_today,
        problems_overdue: reviews.overdue,
        average_mastery_time_days: reviews.average_mastery_days === null ? null : Math.round(reviews.average_mastery_days * 10) / 10,
        mastery_by_topic: Object.fromEntries(
          topics.map((t) => [
            t.topic,
            {
              topic_id: t.topic_id,
              mastered: t.mastered,
              total: t.total,
              mastery_rate: ratio(t.mastered, t.total),
              mastery_level: masteryLevel(ratio(t.mastered, t.total)),
              attempts: t.attempts,
              // Problems right at the first try in a session, as the session summary counts them.
              success_rate: ratio(t.first_tries_correct, t.first_tries),
            },
          ]),
        ),
        mastery_rate: masteryRate,
        mastery_level: masteryLevel(masteryRate),
        total_answers: practice.answers,
        correct_answers: practice.correct,
        problems_practised: practice.problems,
        problems_right_first_time: practice.problems_correct,
        retries: practice.retries,
        problems_solved: reviews.solved,
        average_response_time_ms: responses.average === null ? null : Math.round(responses.average),
        achievements_earned: achievementsEarned,
        practiced_today: practice.days.includes(cal.today),
        today: cal.today,
        timezone: cal.timezone,
        recent_activity: Array.from({ length: RECENT_DAYS }, (_, i) => {
          const date = addLocalDays(since, i);
          const day = byDay.get(date);
          return {
            date,
            answers: day?.answers ?? 0,
            correct: day?.correct ?? 0,
            study_time_seconds: Math.round((day?.study_ms ?? 0) / 1000),
          };
        }),
        recent_attempts: [...recent],
        reviews_ahead: Array.from({ length: REVIEW_DAYS }, (_, i) => {
          const date = addLocalDays(cal.today, i);
          return { date, reviews: i === 0 ? reviews.due_today : (dueOn.get(date) ?? 0) };
        }),
      },
    };
  });
}
