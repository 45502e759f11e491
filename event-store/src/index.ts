export * from './event-store.ts';
export { DuplicateEventIdError, UnknownPositionError } from './errors.ts';
export { LruMap } from './lru.ts';
export { Backoff } from './internal/timing.ts';
export { StreamStateCache, streamStateCacheOf, type Folder, type StreamState } from './stream-cache.ts';
export {
  bulkLoadPostgresEvents,
  createEventStorePool,
  createPostgresEventStore,
  migratePostgresEventStore,
  POSTGRES_EVENTS_CHANNEL,
  POSTGRES_LISTENER_APPLICATION_NAME,
  type PostgresEventStoreOptions,
} from './postgres/index.ts';
export { createEventStoreDbEventStore, type EventStoreDbEventStoreOptions } from './eventstoredb/index.ts';
export * from './conformance/index.ts';
