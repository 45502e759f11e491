export { bulkLoadPostgresEvents } from './bulk-load.ts';
export { createEventStorePool } from './event-store-pool.ts';
export { createPostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store.ts';
export { migratePostgresEventStore, POSTGRES_EVENTS_CHANNEL, POSTGRES_LISTENER_APPLICATION_NAME } from './schema.ts';
