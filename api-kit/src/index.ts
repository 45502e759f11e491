export * from './access.ts';
export * from './errors.ts';
export * from './server.ts';
export * from './tokens.ts';
export * from './database.ts';
export * from './runtime-store.ts';
export * from './settings.ts';
export * from './idempotency.ts';
