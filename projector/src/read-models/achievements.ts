import { sql, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import {
  emptyAchievementStats,
  localDate,
  newlyEarned,
  recordAnswerStats,
  recordMasteryChange,
  type AchievementStats,
  type AnswerSubmittedData,
  type DifficultyRatedData,
} from '@mathdaily/domain';
import type { ReadModel } from '../read-model.ts';
import { isUuid, timeZoneOf } from './learner-profiles.ts';
import { reviewFactsFor } from './review-states.ts';

/**
 * The 12 achievements: the domain's AchievementStats per student, folded event by event
 * (`recordAnswerStats`, `recordMasteryChange` when a problem's mastery changes — on an answer or on
 * the rating that re-grades it), and each achievement's earned date (the time of the event that
 * earned it; every measure is monotone, so an earned achievement stays earned).
 */
export const achievements: ReadModel = {
  name: 'achievements',
  version: 1,
  tables: [
    sql.unsafe`
      CREATE TABLE achievement_stats (
        user_id uuid PRIMARY KEY,
        stats jsonb NOT NULL,
        updated_at timestamptz NOT NULL
      )`,
    sql.unsafe`
      CREATE TABLE achievements_earned (
        user_id uuid NOT NULL,
        achievement_id text NOT NULL,
        earned_at timestamptz NOT NULL,
        position bigint NOT NULL,
        PRIMARY KEY (user_id, achievement_id)
      )`,
  ],
  handles: ['AnswerSubmitted', 'DifficultyRated'],
  async apply(tx, event) {
    const data = event.data as AnswerSubmittedData | DifficultyRatedData;
    if (!isUuid(data.userId) || !isUuid(data.problemId)) return;
    const facts = await reviewFactsFor(tx, event, data.userId, data.problemId);
    const before = await loadStats(tx, data.userId);
    let after = before;
    if (event.type === 'AnswerSubmitted') {
      const answer = data as AnswerSubmittedData;
      after = recordAnswerStats(after, {
        topicId: answer.topicId,
        isCorrect: answer.isCorrect,
        hintUsed: answer.hintsUsed === 1,
        responseTimeMs: answer.responseTimeMs,
        wasReview: facts?.wasReview ?? false,
        localDate: localDate(event.metadata.at, await timeZoneOf(tx, data.userId)),
      });
    }
    if (facts && facts.masteredBefore !== facts.masteredAfter) {
      after = recordMasteryChange(after, facts.topicId, facts.masteredAfter);
    }
    if (after === before) return;
    await tx.query(sql.unsafe`
      INSERT INTO achievement_stats (user_id, stats, updated_at) VALUES (${data.userId}, ${sql.jsonb(after as never)}, ${event.metadata.at})
      ON CONFLICT (user_id) DO UPDATE SET stats = EXCLUDED.stats, updated_at = EXCLUDED.updated_at`);
    for (const id of newlyEarned(before, after)) {
      await tx.query(sql.unsafe`
        INSERT INTO achievements_earned (user_id, achievement_id, earned_at, position)
        VALUES (${data.userId}, ${id}, ${event.metadata.at}, ${event.position.toString()}::bigint)
        ON CONFLICT (user_id, achievement_id) DO NOTHING`);
    }
  },
};

const statsRow = z.object({ stats: z.unknown() });

async function loadStats(tx: DatabaseTransactionConnection, userId: string): Promise<AchievementStats> {
  const row = await tx.maybeOne(sql.type(statsRow)`SELECT stats FROM achievement_stats WHERE user_id = ${userId}`);
  if (!row) return emptyAchievementStats();
  const stats = typeof row.stats === 'string' ? JSON.parse(row.stats) : row.stats;
  return { ...emptyAchievementStats(), ...(stats as Partial<AchievementStats>) };
}
