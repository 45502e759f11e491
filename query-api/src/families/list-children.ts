import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { ACHIEVEMENTS, addLocalDays, masteryLevel } from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { calendarFor, ratio } from '../learning/learning-figures.ts';
import { childrenResponse } from '@mathdaily/domain/api/families';

const childRow = tableRows.users.pick({ id: true, first_name: true, last_name: true, grade_level: true, timezone: true }).extend({
  linked_at: tableRows.family_links.shape.linked_at.nullable(),
});
const dayRow = z.object({ date: z.string(), answers: tableRows.practice_days.shape.answers, correct: tableRows.practice_days.shape.correct_answers, study_ms: tableRows.practice_days.shape.study_ms });
const topicRow = z.object({ topic: tableRows.review_states.shape.topic, total: z.number(), mastered: z.number() });
const earnedRow = tableRows.achievements_earned.pick({ achievement_id: true, earned_at: true });
const setRow = z.object({
  set_id: tableRows.question_set_assignments.shape.set_id,
  title: tableRows.question_sets.shape.title,
  assigned_at: tableRows.question_set_assignments.shape.assigned_at,
  problems: z.number(),
  answered: z.number(),
});

/** The Monday a local date's week starts on ('YYYY-MM-DD'). */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addLocalDays(date, -((weekday + 6) % 7));
}

/**
 * GET /api/parent/children (parents) → { data: { children, weeklySummary } }: each linked child
 * (from the parent's stream, at once) with this week in the child's own calendar (Monday to
 * today: days practised, minutes, answers and accuracy), mastery by topic, achievements earned
 * and the question sets their tutors gave them (with how many of the problems they have answered).
 * Read-only; names come from `users`, so a child whose account was erased is simply not listed.
 */
export function registerListChildren(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/parent/children', {
    config: { access: ['parent'] },
    schema: { tags: ['family'], response: { 200: childrenResponse } },
    handler: async (request) => {
      const parentId = principalOf(request).userId.toLowerCase();
      const ids = await deps.childrenOf(parentId);
      const [rows, settings] = await Promise.all([
        ids.length === 0
          ? []
          : deps.pool.any(sql.type(childRow)`
              SELECT u.id, u.first_name, u.last_name, u.grade_level, coalesce(p.timezone, u.timezone) AS timezone, f.linked_at
              FROM read_models.users u
              LEFT JOIN read_models.learner_profiles p ON p.user_id = u.id
              LEFT JOIN read_models.family_links f ON f.parent_id = ${parentId}::uuid AND f.child_id = u.id
              WHERE u.id = ANY(${sql.array(ids, 'uuid')}) AND u.erased_at IS NULL`),
        deps.pool.maybeOne(sql.type(tableRows.users.pick({ weekly_summary: true }))`SELECT weekly_summary FROM read_models.users WHERE id = ${parentId}::uuid`),
      ]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const children = await Promise.all(ids.filter((id) => byId.has(id)).map((id) => childSummary(deps, byId.get(id)!)));
      return { data: { children, weeklySummary: { enabled: settings?.weekly_summary ?? true } } };
    },
  });
}

/** One child's week and standing, as the dashboard and the weekly e-mail show it. */
async function childSummary(deps: Pick<QueryApiDeps, 'pool' | 'clock'>, child: z.infer<typeof childRow>, week?: { start: string; end: string }) {
  const cal = calendarFor(deps.clock(), child.timezone);
  const start = week?.start ?? mondayOf(cal.today);
  const end = week?.end ?? cal.today;
  const [days, topics, earned, sets] = await Promise.all([
    deps.pool.any(sql.type(dayRow)`
      SELECT to_char(local_date, 'YYYY-MM-DD') AS date, answers, correct_answers AS correct, study_ms
      FROM read_models.practice_days WHERE user_id = ${child.id}::uuid AND local_date BETWEEN ${start}::date AND ${end}::date ORDER BY local_date`),
    deps.pool.any(sql.type(topicRow)`
      SELECT min(r.topic) AS topic, count(*) AS total, coalesce(max(t.problems_mastered), 0) AS mastered
      FROM read_models.review_states r
      LEFT JOIN read_models.ability_student_topics t ON t.user_id = r.user_id AND t.topic_id = r.topic_id
      WHERE r.user_id = ${child.id}::uuid GROUP BY r.topic_id ORDER BY min(r.topic)`),
    deps.pool.any(sql.type(earnedRow)`
      SELECT achievement_id, earned_at FROM read_models.achievements_earned WHERE user_id = ${child.id}::uuid ORDER BY earned_at DESC`),
    deps.pool.any(sql.type(setRow)`
      SELECT a.set_id, s.title, a.assigned_at, jsonb_array_length(s.problem_ids) AS problems,
             (SELECT count(*) FROM read_models.review_states r WHERE r.user_id = a.student_id AND s.problem_ids ? r.problem_id::text) AS answered
      FROM read_models.question_set_assignments a JOIN read_models.question_sets s ON s.set_id = a.set_id
      WHERE a.student_id = ${child.id}::uuid ORDER BY a.assigned_at DESC`),
  ]);
  const answers = days.reduce((sum, day) => sum + day.answers, 0);
  const correct = days.reduce((sum, day) => sum + day.correct, 0);
  const titles = new Map(ACHIEVEMENTS.map((achievement) => [achievement.id, achievement]));
  return {
    id: child.id,
    firstName: child.first_name,
    lastName: child.last_name,
    gradeLevel: child.grade_level,
    linkedAt: child.linked_at,
    week: {
      start,
      end,
      daysPractised: days.filter((day) => day.answers > 0).length,
      minutes: Math.round(days.reduce((sum, day) => sum + day.study_ms, 0) / 60_000),
      answers,
      correct,
      accuracy: answers > 0 ? ratio(correct, answers) : null,
      days: days.map((day) => ({ date: day.date, answers: day.answers, minutes: Math.round(day.study_ms / 60_000) })),
    },
    masteryByTopic: topics.map((topic) => ({ topic: topic.topic, mastered: topic.mastered, total: topic.total, level: masteryLevel(ratio(topic.mastered, topic.total)) })),
    achievements: earned.map((row) => ({ id: row.achievement_id, title: titles.get(row.achievement_id)?.title ?? row.achievement_id, icon: titles.get(row.achievement_id)?.icon ?? '🏅', earnedAt: row.earned_at })),
    assignments: sets.map((set) => ({ id: set.set_id, title: set.title, assignedAt: set.assigned_at, problems: set.problems, answered: Math.min(set.answered, set.problems) })),
  };
}

export { childRow };
