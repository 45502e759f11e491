export { createEventStoreDbEventStore, isSystemEvent, type EventStoreDbEventStoreOptions } from './eventstoredb-event-store.ts';
