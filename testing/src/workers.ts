/** How many test files run at once (vitest.config.ts); each worker has its own PostgreSQL. */
export const TEST_WORKERS = Math.max(1, Number(process.env.TEST_WORKERS ?? 2));

/** The PostgreSQL server of the worker running this file (VITEST_POOL_ID counts from 1). */
export function testServerUrl(): string | undefined {
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const index = ((worker - 1) % TEST_WORKERS) + 1;
  return process.env[`TEST_DATABASE_URL_${index}`] ?? process.env.TEST_DATABASE_URL;
}
