import { sql, type DatabasePool, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { LEARNING_STEP_STATES, localDate, streaks } from '@mathdaily/domain';

/**
 * Figures shared by the learning queries. "Today" is the learner's calendar day in their time
 * zone at the request time: the queries use the clock, the projections never do.
 */

export interface Calendar {
  /** 'YYYY-MM-DD' in the learner's time zone. */
  today: string;
  timezone: string;
  /** Local midnight starting today / tomorrow, as SQL timestamptz expressions. */
  startOfToday: FragmentSqlToken;
  startOfTomorrow: FragmentSqlToken;
  /** The request time, as a SQL timestamptz expression. */
  now: FragmentSqlToken;
}

export function calendarFor(now: Date, timezone: string): Calendar {
  const today = localDate(now, timezone);
  return {
    today,
    timezone,
    startOfToday: sql.fragment`((${today}::date)::timestamp AT TIME ZONE ${timezone})`,
    startOfTomorrow: sql.fragment`((${today}::date + 1)::timestamp AT TIME ZONE ${timezone})`,
    now: sql.fragment`${now.toISOString()}::timestamptz`,
  };
}

/**
 * A review (row `r` of review_states) is due today: the domain's `isDueOn` in SQL, for counting in
 * the database (learner-queue-cache.test.ts checks that both pick the same reviews). FSRS due
 * before the end of today, and not already reviewed today — except a problem missed today, in its
 * FSRS learning step (LEARNING_STEP_STATES): due again once the step has passed (minutes,
 * docs/learning-model.md §3).
 */
export const dueToday = (r: string, cal: Pick<Calendar, 'now' | 'startOfToday' | 'startOfTomorrow'>) => {
  const dueAt = sql.identifier([r, 'due_at']);
  const missedToday = sql.fragment`(${sql.identifier([r, 'card_state'])} = ANY(${sql.array([...LEARNING_STEP_STATES], 'text')}) AND ${dueAt} <= ${cal.now})`;
  return sql.fragment`(${dueAt} < ${cal.startOfTomorrow} AND (${sql.identifier([r, 'last_review_at'])} < ${cal.startOfToday} OR ${missedToday}))`;
};

/** Due before today began: waiting since an earlier day. */
const overdue = (r: string, cal: Calendar) => sql.fragment`(${sql.identifier([r, 'due_at'])} < ${cal.startOfToday})`;

const reviewTotalsRow = z.object({
  attempted: z.number(),
  mastered: z.number(),
  solved: z.number(),
  due_today: z.number(),
  overdue: z.number(),
  average_mastery_days: z.number().nullable(),
});
export type ReviewTotals = z.infer<typeof reviewTotalsRow>;

/**
 * Counts over the learner's review states (one per problem attempted) and, for mastery, their
 * topics' knowledge-model mastery (ability_student_topics, docs/learning-model.md §3): mastered =
 * problems last answered right in a mastered topic; average_mastery_days = whole calendar days
 * from the first answer on a topic to its first mastery, over the topics ever mastered (at least 1:
 * mastery needs right answers on two days).
 */
export async function reviewTotals(pool: DatabasePool, userId: string, cal: Calendar): Promise<ReviewTotals> {
  return pool.one(sql.type(reviewTotalsRow)`
    SELECT
      count(*) AS attempted,
      (SELECT coalesce(sum(t.problems_mastered), 0) FROM read_models.ability_student_topics t WHERE t.user_id = ${userId}::uuid)::int8 AS mastered,
      count(*) FILTER (WHERE r.correct_attempts > 0) AS solved,
      count(*) FILTER (WHERE ${dueToday('r', cal)}) AS due_today,
      count(*) FILTER (WHERE ${overdue('r', cal)}) AS overdue,
      (SELECT avg(t.first_mastered_date - t.first_answer_date) FROM read_models.ability_student_topics t
        WHERE t.user_id = ${userId}::uuid AND t.first_mastered_date IS NOT NULL)::float8 AS average_mastery_days
    FROM read_models.review_states r WHERE r.user_id = ${userId}::uuid`);
}

const practiceTotalsRow = z.object({
  answers: z.number(),
  correct: z.number(),
  problems: z.number(),
  problems_correct: z.number(),
  retries: z.number(),
  study_ms: z.number(),
  days: z.array(z.string()),
});
export type PracticeTotals = z.infer<typeof practiceTotalsRow>;

/**
 * Answers and correct answers, the same answers as sessions count them (problems: first tries,
 * those right, retries), study time and the practice days (local dates).
 */
export async function practiceTotals(pool: DatabasePool, userId: string): Promise<PracticeTotals> {
  return pool.one(sql.type(practiceTotalsRow)`
    SELECT
      coalesce(sum(answers), 0)::int8 AS answers,
      coalesce(sum(correct_answers), 0)::int8 AS correct,
      coalesce(sum(first_tries), 0)::int8 AS problems,
      coalesce(sum(first_tries_correct), 0)::int8 AS problems_correct,
      coalesce(sum(retries), 0)::int8 AS retries,
      coalesce(sum(study_ms), 0)::int8 AS study_ms,
      coalesce(array_agg(to_char(local_date, 'YYYY-MM-DD') ORDER BY local_date) FILTER (WHERE local_date IS NOT NULL), '{}') AS days
    FROM read_models.practice_days WHERE user_id = ${userId}::uuid`);
}

/** Current streak (through today, or yesterday while today has no practice yet) and longest, in calendar days. */
export function streakFigures(days: readonly string[], cal: Calendar): { current: number; longest: number } {
  return streaks(days, cal.today);
}

export async function achievementsEarnedCount(pool: DatabasePool, userId: string): Promise<number> {
  return Number(
    await pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      SELECT count(*) AS n FROM read_models.achievements_earned WHERE user_id = ${userId}::uuid`),
  );
}

/** 0-1 with three decimals (0 when there is nothing to divide). */
export const ratio = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : 0);
