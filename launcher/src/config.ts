import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readSettings } from '@mathdaily/api-kit';
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
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  /** PROJECTOR_STALL_SECONDS, for /api/health. */
  projectorStallSeconds: number;
  /** LIVE_PING_SECONDS: how often /api/live pings (30 when absent). */
  livePingSeconds: number | undefined;
  /** Password of the embedded PostgreSQL superuser, kept under DATA_DIR. */
  embeddedPassword: string;
}

const MARKER = 'mathdaily.json';

/**
 * Reads configuration from the environment. DATA_DIR must be empty, new, or one MathDaily made
 * (it holds a marker file); anything else is refused without touching it.
 */
export async function loadConfig(env: NodeJS.ProcessEnv = process.env): Promise<LauncherConfig> {
  const settings = readSettings('embedded', env);
  const dataDir = path.resolve(settings.dataDir);
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
  return {
    dataDir,
    port: settings.port,
    host: settings.host,
    databaseUrl: settings.databaseUrl,
    eventStoreUrl: settings.eventStoreUrl,
    jwtSecret: settings.jwtSecret ?? jwtSecret,
    demoAccounts: settings.demoAccounts,
    publicUrl: settings.publicUrl,
    trustProxy: settings.trustProxy,
    smtpUrl: settings.smtpUrl,
    mailFrom: settings.mailFrom,
    projectorStallSeconds: settings.projectorStallSeconds,
    livePingSeconds: settings.livePingSeconds,
    embeddedPassword,
  };
}

