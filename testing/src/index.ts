export { createTestDatabase } from './database.ts';
