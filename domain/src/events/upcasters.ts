import { withoutReportSecrets } from '../client-errors/events.ts';
import type { EventMetadata } from './envelope.ts';

/**
 * Old events stay as they were stored; readers see them in today's shape. An upcaster turns the
 * data of one type from `schemaVersion` n into n + 1, so the chain from 1 reaches the current
 * version. The event stores apply it when they read (`upcast`), and new events are written at
 * the current version (`currentSchemaVersion`), so deciders and read models know one shape only.
 */
type Upcaster = (data: Record<string, unknown>, metadata: EventMetadata) => Record<string, unknown>;

const upcasters: Record<string, Upcaster[]> = {
  // v1 had no refreshedAt: the rotation happened when the event was written.
  AuthSessionRefreshed: [(data, metadata) => ({ ...data, refreshedAt: data.refreshedAt ?? metadata.at })],
  // v1 kept tokens that sat in a crash's message, stack or `;` parameters: readers see them removed.
  ClientErrorReported: [(data) => withoutReportSecrets(data as { message: string; stack: string | null; url: string })],
  // v1 had no plan: the daily mix, asked in whatever order the page chose (nothing to resume from).
  PracticeSessionStarted: [(data) => ({ mode: 'daily', topicId: null, problemIds: [], ...data })],
  // v1 had no retries (they were not counted), ended when written, by End Session or the last problem.
  PracticeSessionEnded: [(data, metadata) => ({ retries: 0, correctOnRetry: 0, endedAt: metadata.at, reason: 'ended', ...data })],
};

/** The version new events of this type are written at: 1 + the upcasters it has. */
export function currentSchemaVersion(type: string): number {
  return 1 + (upcasters[type]?.length ?? 0);
}

/** The event as the current schema describes it (the same object when it is already current). */
export function upcast<Event extends { type: string; data: unknown; metadata: EventMetadata }>(event: Event): Event {
  const chain = upcasters[event.type];
  const from = event.metadata?.schemaVersion ?? 1;
  if (!chain || from > chain.length) return event;
  let data = event.data as Record<string, unknown>;
  for (let version = from; version <= chain.length; version++) data = chain[version - 1]!(data, event.metadata);
  return { ...event, data, metadata: { ...event.metadata, schemaVersion: chain.length + 1 } };
}
