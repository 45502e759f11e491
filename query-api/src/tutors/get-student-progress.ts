import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import { addLocalDays } from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { resolveLearner, userIdParams } from '../learning/learner-access.ts';
import { calendarFor, ratio, reviewTotals } from '../learning/learning-figures.ts';
import { tutorsStudent } from './student-access.ts';
import { studentProgressResponse } from '@mathdaily/domain/api/tutoring';

/** Days shown in the student detail's charts. */
const DETAIL_DAYS = 30;

const studentRow = tableRows.users.pick({ first_name: true, last_name: true, email: true, grade_level: true }).extend({ last_active: tableRows.tutor_learners.shape.last_active_at });
const topicDayRow = tableRows.ability_topic_days.pick({ topic: true, problems: true, problems_mastered: true }).extend({ day: z.string() });
const dayColumn = tableRows.practice_days.shape;
const dayRow = z.object({
  date: z.string(),
  answers: dayColumn.answers,
  correct: dayColumn.correct_answers,
  problems: dayColumn.first_tries,
  problems_correct: dayColumn.first_tries_correct,
  retries: dayColumn.retries,
  study_ms: dayColumn.study_ms,
});

/**
 * GET /api/tutors/students/{userId}/progress (the student's active tutors, admins) → the student
 * detail: per day of the last 30 in the student's time zone, accuracy (problems right at the first
 * try, `sessionCounts`; retries counted apart), answers and study time, and per
 * topic the mastery rate at the end of each day (problems counted as mastered / problems attempted
 * in the topic, as the knowledge model's topic mastery stood after the day's last answer or rating
 * on it, ability_topic_days; carried forward over days without practice); due today and overdue.
 * Only topics with data in the window are listed (a topic seen only at placement, or tried but
 * never with a problem counted, would be a legend entry with no line). Another tutor's student →
 * 404; the tutor's own pending or inactive student → 403.
 */
export function registerGetStudentProgress(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/tutors/students/:userId/progress', {
    config: { access: ['tutor', 'admin'] },
    schema: { tags: ['tutors'], params: userIdParams, response: { 200: studentProgressResponse } },
    handler: async (request) => {
      await tutorsStudent(request, deps, request.params.userId);
      const learner = await resolveLearner(request, deps, request.params.userId);
      const userId = learner.userId;
      const cal = calendarFor(deps.clock(), learner.timezone);
      const since = addLocalDays(cal.today, -(DETAIL_DAYS - 1));
      const [student, reviews, topicDays, days] = await Promise.all([
        deps.pool.maybeOne(sql.type(studentRow)`
          SELECT u.first_name, u.last_name, u.email, u.grade_level, l.last_active_at AS last_active
          FROM read_models.users u LEFT JOIN read_models.tutor_learners l ON l.student_id = u.id WHERE u.id = ${userId}::uuid`),
        reviewTotals(deps.pool, userId, cal),
        deps.pool.any(sql.type(topicDayRow)`
          SELECT topic, to_char(local_date, 'YYYY-MM-DD') AS day, problems, problems_mastered
          FROM read_models.ability_topic_days WHERE user_id = ${userId}::uuid ORDER BY local_date`),
        deps.pool.any(sql.type(dayRow)`
          SELECT to_char(local_date, 'YYYY-MM-DD') AS date, answers, correct_answers AS correct, first_tries AS problems,
                 first_tries_correct AS problems_correct, retries, study_ms
          FROM read_models.practice_days WHERE user_id = ${userId}::uuid AND local_date >= ${since}::date ORDER BY local_date`),
      ]);
      const dates = Array.from({ length: DETAIL_DAYS }, (_, index) => addLocalDays(since, index));
      const byDay = new Map(days.map((day) => [day.date, day]));
      const masteryOn = (topic: string, date: string) => {
        // Rows are in date order: the last one on or before the date is how the day ended.
        let last: (typeof topicDays)[number] | undefined;
        for (const row of topicDays) if (row.topic === topic && row.day <= date) last = row;
        return last && last.problems > 0 ? ratio(last.problems_mastered, last.problems) : null;
      };
      const topics = [...new Set(topicDays.map((row) => row.topic))].sort().filter((topic) => dates.some((date) => masteryOn(topic, date) !== null));
      return {
        student: student && {
          id: userId,
          name: `${student.first_name} ${student.last_name}`,
          email: student.email,
          grade_level: student.grade_level,
          last_active: student.last_active,
        },
        today: cal.today,
        timezone: cal.timezone,
        problems_due_today: reviews.due_today,
        problems_overdue: reviews.overdue,
        problems_attempted: reviews.attempted,
        problems_mastered: reviews.mastered,
        topics,
        mastery_over_time: dates.map((date) => ({ date, ...Object.fromEntries(topics.map((topic) => [topic, masteryOn(topic, date)])) })),
        days: dates.map((date) => {
          const day = byDay.get(date);
          return {
            date,
            answers: day?.answers ?? 0,
            correct: day?.correct ?? 0,
            problems: day?.problems ?? 0,
            retries: day?.retries ?? 0,
            // As the student's session summary counts it: problems right at the first try.
            accuracy: day && day.problems > 0 ? ratio(day.problems_correct, day.problems) : null,
            study_minutes: Math.round((day?.study_ms ?? 0) / 6000) / 10,
          };
        }),
      };
    },
  });
}
