export * from './event-store.ts';
export { DuplicateEventIdError } from './errors.ts';
export { LruMap } from './lru.ts';
export { Backoff } from './internal/timing.ts';
export { StreamStateCache, streamStateCacheOf } from './stream-cache.ts';
export {
  bulkLoadPostgresEvents,
  createEventStorePool,
  createPostgresEventStore,
  migratePostgresEventStore,
} from './postgres/index.ts';
export { createEventStoreDbEventStore } from './eventstoredb/index.ts';
export * from './personal-data/index.ts';
