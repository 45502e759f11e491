import * as vitest from 'vitest';
import { runEventStoreConformance } from '../conformance/conformance.ts';
import { createEventStoreDbEventStore } from './eventstoredb-event-store.ts';

const url = process.env.EVENTSTORE_URL;

if (!url) {
  console.warn('EventStoreDB conformance skipped: EVENTSTORE_URL is not set (e.g. EVENTSTORE_URL=esdb://localhost:2113?tls=false).');
  vitest.describe.skip('EventStore conformance: EventStoreDB (skipped: EVENTSTORE_URL is not set)', () => {
    vitest.it('needs EVENTSTORE_URL', () => undefined);
  });
} else {
  // The server is shared and keeps its data: the suite uses fresh stream prefixes and starts
  // every $all read and subscription from the store's last position.
  runEventStoreConformance(
    'EventStoreDB',
    async () => {
      const store = createEventStoreDbEventStore({ connectionString: url, warn: () => undefined });
      return { store, cleanup: () => store.close() };
    },
    vitest,
  );
}
