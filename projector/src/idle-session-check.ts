import { randomUUID } from 'node:crypto';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { foldEvents, newEvent, practiceDecider, practiceStreamId, SESSION_IDLE_MS, type PracticeEvent } from '@mathdaily/domain';
import type { EventStore } from '@mathdaily/event-store';
import { appendIfUnchanged, ScheduledCheck } from './scheduled-check.ts';

const EVERY_MS = 60_000;
/** Sessions ended per run at most (the oldest first); the next run takes the rest. */
const PER_RUN = 500;

const idleRow = z.object({ user_id: z.string(), session_ids: z.array(z.string()) });

/**
 * A practice session nobody finished (a closed tab, a child called away) ends itself after
 * SESSION_IDLE_MS without activity (docs/practice-loop.md "Sessions"). "Nobody did anything for
 * 30 minutes" needs time, not an event, so this check looks every minute at the open sessions of
 * read model practice_sessions idle that long, and appends, through the practice decider
 * (EndIdleSession), PracticeSessionEnded with reason idle and `endedAt` = the session's last
 * activity, read from the student's stream (the time of its last event about the session). The
 * append expects the stream's version as read: an answer that arrives meanwhile makes it fail, and
 * the session, active again, stays open. A concurrent check in another process loses the same way.
 */
export class IdleSessionCheck extends ScheduledCheck {
  constructor(private readonly options: { pool: DatabasePool; store: EventStore; clock?: () => Date; log?: (line: string) => void }) {
    super('idle session check', EVERY_MS, options.log);
  }

  /** One check: the number of PracticeSessionEnded events appended. */
  protected async check(): Promise<number> {
    const now = (this.options.clock ?? (() => new Date()))();
    const idleSince = new Date(now.getTime() - SESSION_IDLE_MS).toISOString();
    const learners = await this.options.pool.any(sql.type(idleRow)`
      SELECT user_id, array_agg(session_id ORDER BY last_activity_at) AS session_ids FROM (
        SELECT user_id, session_id, last_activity_at FROM read_models.practice_sessions
        WHERE ended_at IS NULL AND last_activity_at <= ${idleSince}::timestamptz
        ORDER BY last_activity_at LIMIT ${PER_RUN}) s
      GROUP BY user_id`);
    let appended = 0;
    for (const { user_id: userId, session_ids: sessionIds } of learners) {
      const streamId = practiceStreamId(userId);
      const stream = await this.options.store.readStream(streamId);
      let state = foldEvents(practiceDecider, stream.events);
      const facts: PracticeEvent[] = [];
      for (const sessionId of sessionIds) {
        const lastActivityAt = stream.events.findLast((event) => (event.data as { sessionId?: unknown }).sessionId === sessionId)?.metadata.at;
        if (lastActivityAt === undefined) continue;
        const decided = practiceDecider.decide({ type: 'EndIdleSession', data: { userId, sessionId, lastActivityAt, now: now.toISOString() } }, state);
        for (const fact of decided) state = practiceDecider.evolve(state, fact);
        facts.push(...decided);
      }
      if (facts.length === 0) continue;
      const correlationId = `idle-session-check-${now.toISOString()}`;
      const events = facts.map((fact) => newEvent(fact, { actorId: null, correlationId, causationId: correlationId, at: now }, randomUUID()));
      if (await appendIfUnchanged(this.options.store, streamId, events, stream.version)) appended += events.length;
    }
    return appended;
  }
}
