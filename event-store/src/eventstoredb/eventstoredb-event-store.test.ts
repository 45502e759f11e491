import { startEventStoreDbTestServer } from '@mathdaily/testing/eventstoredb-server';
import * as vitest from 'vitest';
import { runEventStoreConformance } from '../conformance/conformance.ts';
import { createEventStoreDbEventStore } from './eventstoredb-event-store.ts';

/*
 * The conformance suite over gRPC: always against the test server (a model of an EventStoreDB
 * 24.10 node, testing/src/eventstoredb-server), and also against a real server when
 * EVENTSTORE_URL is set (docs/event-store.md says how to start one).
 */
runEventStoreConformance(
  'EventStoreDB (gRPC test server)',
  async () => {
    // Stats every 100 ms, as a node writes them every 30 s: system events among the suite's own, live too.
    const server = await startEventStoreDbTestServer({ statsPeriodMs: 100 });
    const store = createEventStoreDbEventStore({ connectionString: server.url, warn: () => undefined });
    const otherStore = createEventStoreDbEventStore({ connectionString: server.url, warn: () => undefined });
    return {
      store,
      otherStore,
      cleanup: async () => {
        await Promise.all([store.close(), otherStore.close()]);
        await server.close();
      },
    };
  },
  vitest,
);

const url = process.env.EVENTSTORE_URL;
if (url) {
  // The server is shared and keeps its data: the suite uses fresh stream prefixes and starts
  // every $all read and subscription from the store's last position.
  runEventStoreConformance(
    `EventStoreDB at ${url.replace(/\/\/[^@/]*@/, '//')}`,
    async () => {
      const store = createEventStoreDbEventStore({ connectionString: url, warn: () => undefined });
      const otherStore = createEventStoreDbEventStore({ connectionString: url, warn: () => undefined });
      return { store, otherStore, cleanup: () => Promise.all([store.close(), otherStore.close()]).then(() => undefined) };
    },
    vitest,
  );
}
