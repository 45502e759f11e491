import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseTrustProxy } from '@mathdaily/api-kit';
import { DataDirError } from './embedded-postgres.ts';

export interface LauncherConfig {
  dataDir: string;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  eventStoreUrl: string | undefined;
  jwtSecret: string;
  demoAccounts: boolean;
  publicUrl: string;
  /** Proxies in front that may name the client (TRUST_PROXY: hop count or addresses). */
  trustProxy: number | string[] | undefined;
  /** Password of the embedded PostgreSQL superuser, kept under DATA_DIR. */
  embeddedPassword: string;
}

const MARKER = 'mathdaily.json';

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'on', 'yes'].includes(value.toLowerCase());
}

/**
 * Reads configuration from the environment. DATA_DIR must be empty, new, or one MathDaily made
 * (it holds a marker file); anything else is refused without touching it.
 */
export async function loadConfig(env: NodeJS.ProcessEnv = process.env): Promise<LauncherConfig> {
  const dataDir = path.resolve(env.DATA_DIR || '.data');
  const marker = path.join(dataDir, MARKER);
  if (existsSync(dataDir) && !existsSync(marker) && readdirSync(dataDir).length > 0) {
    throw new DataDirError(
      `DATA_DIR ${dataDir} is not empty and was not created by MathDaily (no ${MARKER}). ` +
        'Nothing was changed or deleted: choose an empty folder with DATA_DIR=… or move the files away.',
    );
  }
  await mkdir(dataDir, { recursive: true });
  let secrets: { jwtSecret?: string; embeddedPassword?: string } = {};
  if (existsSync(marker)) {
    try {
      secrets = JSON.parse(readFileSync(marker, 'utf8')) as typeof secrets;
    } catch {
      throw new DataDirError(`${marker} is not valid JSON; the data folder may be corrupt. Nothing was deleted.`);
    }
  }
  const jwtSecret = secrets.jwtSecret ?? randomBytes(32).toString('hex');
  const embeddedPassword = secrets.embeddedPassword ?? randomBytes(18).toString('hex');
  if (!secrets.jwtSecret || !secrets.embeddedPassword) {
    await writeFile(marker, JSON.stringify({ jwtSecret, embeddedPassword, createdBy: 'MathDaily' }, null, 2), { mode: 0o600 });
  }
  const portText = env.PORT || '3000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a number from 0 to 65535, not '${portText}'.`);
  const databaseUrl = env.DATABASE_URL || undefined;
  const host = env.HOST || '127.0.0.1';
  return {
    dataDir,
    port,
    host,
    databaseUrl,
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    jwtSecret: env.JWT_SECRET || jwtSecret,
    demoAccounts: flag(env.DEMO_ACCOUNTS, databaseUrl === undefined),
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    embeddedPassword,
  };
}
