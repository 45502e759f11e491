export { createEventStoreDbEventStore } from './eventstoredb-event-store.ts';
