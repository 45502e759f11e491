export { createTestDatabase } from './database.ts';
export { committedEvents } from './committed-events.ts';
