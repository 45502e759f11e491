import { randomUUID } from 'node:crypto';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { foldEvents, parseEventData, userDecider, userStreamId, weeklySummaryEmail } from '@mathdaily/domain';
import type { EventStore } from '@mathdaily/event-store';
import { appendIfUnchanged, RepeatingTask } from './scheduled-check.ts';

const EVERY_MS = 60 * 60_000;

const childRow = z.object({
  parent_id: z.string(),
  parent_first_name: z.string(),
  child_first_name: z.string(),
  days: z.number(),
  study_ms: z.number(),
  answers: z.number(),
  correct: z.number(),
});

/** The Monday (UTC) that began the last whole week before `now`, as YYYY-MM-DD. */
export function lastWeekStart(now: Date): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (new Date(today).getUTCDay() + 6) % 7;
  return new Date(today - (sinceMonday + 7) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The weekly summary e-mail (issue 33): every hour it asks, for each parent with summaries on
 * and at least one linked child, for last week's summary (Monday to Sunday, UTC): each child's
 * days and time practised, problems and accuracy, from the read models. The user decider sends
 * one a week per parent (RequestWeeklySummary → EmailRequested, delivered by the mail reactor
 * with the one-click opt-out link) and none once they turned it off; a concurrent check in
 * another projector loses the append and changes nothing.
 */
export class WeeklySummaryCheck extends RepeatingTask {
  constructor(private readonly options: { pool: DatabasePool; store: EventStore; clock?: () => Date; log?: (line: string) => void }) {
    super('weekly summary check', EVERY_MS, options.log, 120_000);
  }

  protected runOnce(): Promise<unknown> {
    return this.sendNow();
  }

  /** Asks for last week's summaries; resolves with how many e-mails were requested. */
  async sendNow(): Promise<number> {
    const now = (this.options.clock ?? (() => new Date()))();
    const weekStart = lastWeekStart(now);
    const rows = await this.options.pool.any(sql.type(childRow)`
      SELECT p.id::text AS parent_id, p.first_name AS parent_first_name, c.first_name AS child_first_name,
             count(d.local_date)::int AS days, coalesce(sum(d.study_ms), 0)::float8 AS study_ms,
             coalesce(sum(d.answers), 0)::int AS answers, coalesce(sum(d.correct_answers), 0)::int AS correct
      FROM read_models.users p
      JOIN read_models.family_links l ON l.parent_id = p.id
      JOIN read_models.users c ON c.id = l.child_id
      LEFT JOIN read_models.practice_days d ON d.user_id = l.child_id AND d.local_date >= ${weekStart}::date AND d.local_date < ${weekStart}::date + 7
      WHERE p.role = 'parent' AND p.weekly_summary AND p.erased_at IS NULL
      GROUP BY p.id, p.first_name, c.id, c.first_name
      ORDER BY p.id, c.first_name`);
    const byParent = new Map<string, (typeof rows)[number][]>();
    for (const row of rows) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
    let requested = 0;
    for (const [parentId, children] of byParent) {
      const content = weeklySummaryEmail(
        children[0]!.parent_first_name,
        weekStart,
        children.map((child) => ({
          firstName: child.child_first_name,
          daysPractised: child.days,
          minutes: Math.round(child.study_ms / 60_000),
          problems: child.answers,
          accuracy: child.answers > 0 ? Math.round((100 * child.correct) / child.answers) : null,
        })),
      );
      const streamId = userStreamId(parentId);
      const stream = await this.options.store.readStream(streamId);
      const facts = userDecider.decide({ type: 'RequestWeeklySummary', weekStart, messageId: randomUUID(), content }, foldEvents(userDecider, stream.events));
      if (facts.length === 0) continue;
      const events = facts.map((fact) => ({
        id: randomUUID(),
        type: fact.type,
        data: parseEventData(fact.type, fact.data),
        metadata: { actorId: null, correlationId: `weekly-summary-${weekStart}`, causationId: null, at: now.toISOString(), schemaVersion: 1 },
      }));
      // Another projector that asked first wins; the decider sends none the second time.
      if (await appendIfUnchanged(this.options.store, streamId, events, stream.version)) requested += 1;
    }
    return requested;
  }
}
