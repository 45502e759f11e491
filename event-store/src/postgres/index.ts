export { bulkLoadPostgresEvents } from './bulk-load.ts';
export { createEventStorePool } from './event-store-pool.ts';
export { createPostgresEventStore } from './postgres-event-store.ts';
export { migratePostgresEventStore } from './schema.ts';
