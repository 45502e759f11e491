import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { ACHIEVEMENTS, masteryLevel } from '@mathdaily/domain';
import type { QueryApiDeps } from '../deps.ts';
import { registerLearnerQuery } from './learner-access.ts';
import { achievementsEarnedCount, calendarFor, practiceTotals, ratio, reviewTotals, streakFigures } from './learning-figures.ts';
import { dashboardResponse } from '@mathdaily/domain/api/learning';

const coverageRow = z.object({ bank: z.number(), solved: z.number() });

/**
 * GET /api/learning/dashboard/{userId} → { data } for the student dashboard's tiles and cards:
 * - problems_solved: distinct problems answered correctly at least once;
 * - day_streak: the current streak (calendar days in the learner's time zone);
 * - grade_level: the learner's grade (null when not set);
 * - progress_percent: how much of the grade's problem bank the learner has solved (0-100, whole;
 *   the whole bank when no grade is set);
 * - problems_due: reviews due today (the Review card), problems_overdue among them;
 * - achievements_earned / achievements_total (of 12);
 * plus mastery_level / mastery_rate, problems_mastered, total_answers and practiced_today.
 */
export function registerGetDashboard(app: FastifyInstance, deps: QueryApiDeps) {
  registerLearnerQuery(app, deps, '/api/learning/dashboard/:userId', dashboardResponse, async (learner) => {
    const userId = learner.userId;
    const cal = calendarFor(deps.clock(), learner.timezone);
    const grade = learner.gradeLevel === null ? sql.fragment`TRUE` : sql.fragment`p.grade = ${learner.gradeLevel}`;
    const [reviews, practice, earned, coverage] = await Promise.all([
      reviewTotals(deps.pool, userId, cal),
      practiceTotals(deps.pool, userId),
      achievementsEarnedCount(deps.pool, userId),
      deps.pool.one(sql.type(coverageRow)`
        SELECT
          (SELECT count(*) FROM read_models.problems p WHERE ${grade}) AS bank,
          (SELECT count(*) FROM read_models.review_states r JOIN read_models.problems p ON p.problem_id = r.problem_id
           WHERE r.user_id = ${userId}::uuid AND r.correct_attempts > 0 AND ${grade}) AS solved`),
    ]);
    const masteryRate = ratio(reviews.mastered, reviews.attempted);
    return {
      data: {
        problems_solved: reviews.solved,
        day_streak: streakFigures(practice.days, cal).current,
        grade_level: learner.gradeLevel,
        progress_percent: coverage.bank > 0 ? Math.min(100, Math.floor((coverage.solved / coverage.bank) * 100)) : 0,
        problems_due: reviews.due_today,
        problems_overdue: reviews.overdue,
        achievements_earned: earned,
        achievements_total: ACHIEVEMENTS.length,
        problems_mastered: reviews.mastered,
        mastery_rate: masteryRate,
        mastery_level: masteryLevel(masteryRate),
        total_answers: practice.answers,
        practiced_today: practice.days.includes(cal.today),
      },
    };
  });
}
