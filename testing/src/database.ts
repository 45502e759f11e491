import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testServerUrl } from './workers.ts';

/** Creates an empty database on the test server and returns its URL. */
export async function createTestDatabase(prefix = 'test'): Promise<string> {
  const adminUrl = testServerUrl();
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: run the tests through vitest (testing/src/global-setup.ts starts PostgreSQL).');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
