import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startApp } from '@mathdaily/launcher/app';

/**
 * A database holding what every start of the product writes first — the whole problem bank and
 * the read models projected from it — built once per test server. `createTestDatabase(prefix,
 * { seeded: true })` copies it (CREATE DATABASE … TEMPLATE, a file copy), so a test's app starts
 * with nothing to seed or project instead of seeding ~3,000 events itself (seconds per app).
 * Demo accounts are not in it: a test asks for those itself.
 */
export const SEEDED_TEMPLATE = 'mathdaily_seeded_template';

export async function buildSeededTemplate(serverUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${SEEDED_TEMPLATE}`);
    await admin.query(`CREATE DATABASE ${SEEDED_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${SEEDED_TEMPLATE}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mathdaily-template-'));
  const app = await startApp({
    databaseUrl: url.toString(),
    jwtSecret: 'template-secret-template-secret-template',
    demoAccounts: false,
    dataDir,
    port: 0,
    log: () => {},
    webDist: path.join(dataDir, 'no-web'),
  });
  try {
    // The bank seeds in the background after its first problems: wait until the log is quiet and projected.
    let last = -1n;
    for (let quiet = 0; quiet < 3; ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const position = await app.store.lastPosition();
      quiet = position === last && app.projector.checkpoint >= position ? quiet + 1 : 0;
      last = position;
    }
  } finally {
    await app.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
