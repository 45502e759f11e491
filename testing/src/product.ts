// Whole-product helpers for tests of any package: the one place a test reaches the launcher, so
// no product package imports it (docs/boundaries.md).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApp, type RunningApp } from '@mathdaily/launcher/app';
import { createTestDatabase } from './database.ts';

export { startApp, type RunningApp } from '@mathdaily/launcher/app';

/**
 * The whole product on a fresh database and a free port, serving the built web app. The database
 * starts as a copy of the seeded template (problem bank already projected), unless the test runs
 * its own clock: then the bank is seeded at that clock's time, as a real start would.
 */
export async function startTestApp(
  options: { demoAccounts?: boolean; clock?: () => Date; projectorThread?: boolean; livePingSeconds?: number } = {},
): Promise<RunningApp & { dataDir: string }> {
  const databaseUrl = await createTestDatabase('e2e', { seeded: !options.clock });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mathdaily-e2e-'));
  const app = await startApp({
    databaseUrl,
    jwtSecret: 'e2e-secret-e2e-secret-e2e-secret-123456',
    demoAccounts: options.demoAccounts ?? true,
    dataDir,
    port: 0,
    log: () => {},
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.projectorThread ? { projectorThread: true } : {}),
    ...(options.livePingSeconds ? { livePingSeconds: options.livePingSeconds } : {}),
  });
  // The development mailbox is DATA_DIR/mailbox.
  return Object.assign(app, { dataDir });
}

