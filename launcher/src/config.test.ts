import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { loadConfig } from './config.ts';

test('DEMO_ACCOUNTS: on by default with the embedded database, off with DATABASE_URL, and the variable wins', async () => {
  const demoAccounts = async (env: Record<string, string>) =>
    (await loadConfig({ DATA_DIR: await mkdtemp(path.join(tmpdir(), 'mathdaily-config-')), ...env })).demoAccounts;
  const external = { DATABASE_URL: 'postgres://user:secret@db.example:5432/mathdaily' };
  expect(await demoAccounts({})).toBe(true);
  expect(await demoAccounts(external)).toBe(false);
  expect(await demoAccounts({ DEMO_ACCOUNTS: 'off' })).toBe(false);
  expect(await demoAccounts({ ...external, DEMO_ACCOUNTS: 'on' })).toBe(true);
  expect(await demoAccounts({ ...external, DEMO_ACCOUNTS: 'true' })).toBe(true);
});
