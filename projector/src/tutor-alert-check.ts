import { randomUUID } from 'node:crypto';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { fellBehindReasons, foldEvents, parseEventData, relationshipDecider, relationshipStreamId } from '@mathdaily/domain';
import type { EventStore } from '@mathdaily/event-store';
import { appendIfUnchanged, ScheduledCheck } from './scheduled-check.ts';

const EVERY_MS = 15 * 60_000;

const candidateRow = z.object({
  tutor_id: z.string(),
  student_id: z.string(),
  last_active_at: z.string().nullable(),
  activated_at: z.string(),
  overdue: z.number(),
  time_zone: z.string(),
});

/**
 * "Falling behind" needs time, not only events: this check looks at the active relationships
 * (read models tutor_students, tutor_learners, review_states) every 15 minutes, decides with the
 * domain's rule (fell-behind.ts, measured in alert-simulation.ts) and appends
 * StudentFellBehind to the relationship's stream, so the log explains every alert and a replay
 * rebuilds it. The relationship decider reports a quiet spell once (keyed by the last answer the
 * check saw); a concurrent check in another process loses the append and changes nothing.
 * Overdue counts reviews due before the start of the student's today in their own time zone
 * (learner profile; UTC when unknown), as the student's detail page counts them: a day boundary
 * in UTC would call a review overdue hours early or late for a student far from Greenwich.
 */
export class TutorAlertCheck extends ScheduledCheck {
  constructor(private readonly options: { pool: DatabasePool; store: EventStore; clock?: () => Date; log?: (line: string) => void }) {
    super('tutor alert check', EVERY_MS, options.log);
  }

  /** One check: the number of StudentFellBehind events appended. */
  protected async check(): Promise<number> {
    const now = (this.options.clock ?? (() => new Date()))();
    const at = sql.fragment`${now.toISOString()}::timestamptz`;
    // The start of the student's today: their local date now, at local midnight, as a timestamptz.
    const startOfToday = sql.fragment`(((${at} AT TIME ZONE tz.zone)::date)::timestamp AT TIME ZONE tz.zone)`;
    const candidates = await this.options.pool.any(sql.type(candidateRow)`
      SELECT ts.tutor_id, ts.student_id, l.last_active_at, coalesce(ts.activated_at, ts.joined_at) AS activated_at,
             (SELECT count(*) FROM read_models.review_states r WHERE r.user_id = ts.student_id AND r.due_at < ${startOfToday}) AS overdue,
             tz.zone AS time_zone
      FROM read_models.tutor_students ts
      LEFT JOIN read_models.tutor_learners l ON l.student_id = ts.student_id
      CROSS JOIN LATERAL (SELECT coalesce((SELECT p.timezone FROM read_models.learner_profiles p WHERE p.user_id = ts.student_id), 'UTC') AS zone) tz
      WHERE ts.status = 'active'`);
    let appended = 0;
    for (const row of candidates) {
      const reasons = fellBehindReasons({ lastPracticeAt: row.last_active_at, activeSince: row.activated_at, overdueReviews: row.overdue, timeZone: row.time_zone }, now);
      if (reasons.length === 0) continue;
      const streamId = relationshipStreamId(row.tutor_id, row.student_id);
      const stream = await this.options.store.readStream(streamId);
      const facts = relationshipDecider.decide(
        {
          type: 'RecordFellBehind',
          tutorId: row.tutor_id,
          studentId: row.student_id,
          lastPracticeAt: row.last_active_at,
          overdueReviews: row.overdue,
          reasons,
        },
        foldEvents(relationshipDecider, stream.events),
      );
      if (facts.length === 0) continue;
      const events = facts.map((fact) => ({
        id: randomUUID(),
        type: fact.type,
        data: parseEventData(fact.type, fact.data),
        metadata: { actorId: null, correlationId: `tutor-alert-check-${now.toISOString()}`, causationId: null, at: now.toISOString(), schemaVersion: 1 },
      }));
      if (await appendIfUnchanged(this.options.store, streamId, events, stream.version)) appended += events.length;
    }
    return appended;
  }
}
