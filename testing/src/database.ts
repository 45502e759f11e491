import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SEEDED_TEMPLATE } from './seeded-template.ts';
import { testServerUrl } from './workers.ts';

/**
 * Creates a database on the test server and returns its URL: empty, or with `seeded` a copy of
 * the seeded template (problem bank and its read models, testing/src/seeded-template.ts) when
 * the global setup built one.
 */
export async function createTestDatabase(prefix = 'test', options: { seeded?: boolean } = {}): Promise<string> {
  const adminUrl = testServerUrl();
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: run the tests through vitest (testing/src/global-setup.ts starts PostgreSQL).');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const template = options.seeded && process.env.TEST_SEEDED_TEMPLATE === SEEDED_TEMPLATE ? ` TEMPLATE ${SEEDED_TEMPLATE}` : '';
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}${template}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
