import type { RecordedEvent } from '@mathdaily/domain';
import { committedEvents } from './committed-events.ts';
import { createTestDatabase } from './database.ts';
import { EXPECTED_ANY } from './eventstoredb-server/log.ts';
import type { EventStoreDbTestServer } from './eventstoredb-server/server.ts';

let bank: Promise<RecordedEvent[]> | undefined;

/**
 * Writes the seeded template's events (the whole problem bank, seeded-template.ts) into a test
 * EventStoreDB's log, as a product that ran on it before left them: an app started on it projects
 * them (a second or two) instead of seeding ~3,000 problems through commands over gRPC (about
 * 20 s of a test). Without a seeded template (its events empty) the app seeds the bank itself.
 */
export async function withSeededBank(server: EventStoreDbTestServer): Promise<EventStoreDbTestServer> {
  bank ??= createTestDatabase('bank_source', { seeded: true }).then((url) => committedEvents(url));
  const encoder = new TextEncoder();
  for (const event of await bank) {
    const json = (value: unknown) => encoder.encode(JSON.stringify(value));
    server.log.write(event.streamId, EXPECTED_ANY, [{ id: event.id, type: event.type, contentType: 'application/json', data: json(event.data), metadata: json(event.metadata) }]);
  }
  return server;
}
