import { z } from 'zod';
import { DEFAULT_DATABASE_CONNECTIONS, MIN_DATABASE_CONNECTIONS } from './connection-budget.ts';
import { eventStoreConnectionString, EventStoreSettingsError } from './eventstore-settings.ts';
import { parseTrustProxy } from './server.ts';

/**
 * The one reading of the environment, shared by `npm start` (the launcher) and the three
 * production entry points. Defaults differ only where the topology does; the README's table is
 * this file's `DEFAULTS`. A bad value stops start-up with a message naming the variable.
 */
export type Topology = 'embedded' | 'command-api' | 'query-api' | 'projector';

class SettingsError extends Error {
  override name = 'SettingsError';
}

const DEFAULTS: Record<Topology, { PORT: number; HOST: string; DATA_DIR: string; PUBLIC_URL?: string }> = {
  embedded: { PORT: 3000, HOST: '127.0.0.1', DATA_DIR: '.data' },
  'command-api': { PORT: 3001, HOST: '0.0.0.0', DATA_DIR: '/var/lib/mathdaily', PUBLIC_URL: 'http://localhost:8080' },
  'query-api': { PORT: 3002, HOST: '0.0.0.0', DATA_DIR: '/var/lib/mathdaily', PUBLIC_URL: 'http://localhost:8080' },
  projector: { PORT: 3003, HOST: '0.0.0.0', DATA_DIR: '/var/lib/mathdaily', PUBLIC_URL: 'http://localhost:8080' },
};

/**
 * /api/health calls a projector stalled (503) when it holds its lock, events wait beyond its
 * checkpoint, and neither the checkpoint has moved nor the oldest waiting event arrived within
 * this many seconds (PROJECTOR_STALL_SECONDS).
 */
export const DEFAULT_PROJECTOR_STALL_SECONDS = 30;

const text = z.string().trim().transform((value) => value || undefined);
const switchValue = text.refine(
  (value) => value === undefined || ['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'].includes(value.toLowerCase()),
  'must be one of on, off, true, false, yes, no, 1, 0',
);
const urlWith = (protocols: string[]) =>
  text.refine((value) => {
    if (value === undefined) return true;
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be a URL starting with ${protocols.map((protocol) => `${protocol}//`).join(' or ')}`);

const wholeSeconds = text.refine((value) => value === undefined || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 86_400), 'must be a whole number of seconds from 1 to 86400');

const environment = z.object({
  PORT: text.refine((value) => value === undefined || (/^\d+$/.test(value) && Number(value) <= 65535), 'must be a number from 0 to 65535'),
  HOST: text,
  DATA_DIR: text,
  DATABASE_URL: urlWith(['postgres:', 'postgresql:']),
  // Checked by eventStoreConnectionString, whose messages never show a password.
  EVENTSTORE_URL: text,
  EVENTSTORE_CA_FILE: text,
  EVENTSTORE_USERNAME: text,
  EVENTSTORE_PASSWORD: text,
  JWT_SECRET: text.refine((value) => value === undefined || value.length >= 32, 'must be at least 32 characters long'),
  DEMO_ACCOUNTS: switchValue,
  PUBLIC_URL: urlWith(['http:', 'https:']),
  SMTP_URL: urlWith(['smtp:', 'smtps:']),
  MAIL_FROM: text,
  TRUST_PROXY: text,
  PROJECTOR_STALL_SECONDS: wholeSeconds,
  LIVE_PING_SECONDS: wholeSeconds,
  DATABASE_CONNECTIONS: text.refine((value) => value === undefined || (/^\d+$/.test(value) && Number(value) <= 1000), 'must be a whole number of connections'),
});

export interface Settings {
  topology: Topology;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * The EventStoreDB connection string for the client: EVENTSTORE_URL with EVENTSTORE_CA_FILE
   * (as tlsCAFile) and EVENTSTORE_USERNAME/PASSWORD folded in. It may hold a password: never log it.
   */
  eventStoreUrl: string | undefined;
  /** Absent only in embedded mode, where the launcher keeps a generated one under DATA_DIR. */
  jwtSecret: string | undefined;
  demoAccounts: boolean;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  /** Proxies in front that may name the client: a hop count or their addresses. */
  trustProxy: number | string[] | undefined;
  /** After this long without progress while events wait, /api/health reports the projector stalled. */
  projectorStallSeconds: number;
  /** How often the live socket is pinged; a proxy in front must wait longer than this for a quiet socket. */
  livePingSeconds: number | undefined;
  /** The most PostgreSQL connections this process opens (docs/operations.md); embedded mode sizes its own. */
  databaseConnections: number;
}

/** What each production process cannot run without. */
const REQUIRED: Record<Topology, { variables: (keyof z.infer<typeof environment>)[][]; why: string }[]> = {
  embedded: [],
  'command-api': [
    { variables: [['JWT_SECRET']], why: 'to sign and check tokens' },
    { variables: [['DATABASE_URL']], why: 'for uploads, rate limits and idempotency keys (and the events, without EVENTSTORE_URL)' },
  ],
  'query-api': [
    { variables: [['DATABASE_URL']], why: 'for the read models' },
    { variables: [['JWT_SECRET']], why: 'to check tokens' },
  ],
  projector: [
    { variables: [['DATABASE_URL']], why: 'for the read models' },
    { variables: [['JWT_SECRET']], why: 'for the links in e-mails' },
  ],
};

export function readSettings(topology: Topology, env: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = environment.safeParse(Object.fromEntries(Object.keys(environment.shape).map((key) => [key, env[key] ?? ''])));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${name} ${issue.message}, not '${env[name]}'.`;
    });
    throw new SettingsError(lines.join('\n'));
  }
  const values = parsed.data;
  let eventStoreUrl: string | undefined;
  try {
    eventStoreUrl = eventStoreConnectionString(values);
  } catch (error) {
    if (error instanceof EventStoreSettingsError) throw new SettingsError(error.message);
    throw error;
  }
  for (const rule of REQUIRED[topology]) {
    if (!rule.variables.some((names) => names.every((name) => values[name] !== undefined))) {
      throw new SettingsError(`set ${rule.variables.map((names) => names.join(' and ')).join(' or ')} ${rule.why}.`);
    }
  }
  let trustProxy: Settings['trustProxy'];
  try {
    trustProxy = parseTrustProxy(values.TRUST_PROXY);
  } catch (error) {
    throw new SettingsError((error as Error).message);
  }
  const defaults = DEFAULTS[topology];
  let databaseConnections = 0;
  if (topology !== 'embedded') {
    databaseConnections = values.DATABASE_CONNECTIONS === undefined ? DEFAULT_DATABASE_CONNECTIONS[topology] : Number(values.DATABASE_CONNECTIONS);
    if (databaseConnections < MIN_DATABASE_CONNECTIONS[topology]) {
      throw new SettingsError(`DATABASE_CONNECTIONS must be at least ${MIN_DATABASE_CONNECTIONS[topology]} for the ${topology}, not '${values.DATABASE_CONNECTIONS}'.`);
    }
  }
  const port = values.PORT === undefined ? defaults.PORT : Number(values.PORT);
  const demoDefault = topology === 'embedded' && values.DATABASE_URL === undefined;
  return {
    topology,
    port,
    host: values.HOST ?? defaults.HOST,
    dataDir: values.DATA_DIR ?? defaults.DATA_DIR,
    databaseUrl: values.DATABASE_URL,
    eventStoreUrl,
    jwtSecret: values.JWT_SECRET,
    demoAccounts: values.DEMO_ACCOUNTS === undefined ? demoDefault : ['1', 'true', 'on', 'yes'].includes(values.DEMO_ACCOUNTS.toLowerCase()),
    publicUrl: values.PUBLIC_URL ?? defaults.PUBLIC_URL ?? `http://localhost:${port}`,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    trustProxy,
    projectorStallSeconds: values.PROJECTOR_STALL_SECONDS === undefined ? DEFAULT_PROJECTOR_STALL_SECONDS : Number(values.PROJECTOR_STALL_SECONDS),
    livePingSeconds: values.LIVE_PING_SECONDS === undefined ? undefined : Number(values.LIVE_PING_SECONDS),
    databaseConnections,
  };
}

/** For a production entry point: the settings, or the message and exit code 1. */
export function readSettingsOrExit(topology: Topology, env: NodeJS.ProcessEnv = process.env): Settings {
  try {
    return readSettings(topology, env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(`${topology}: ${error.message}`);
    process.exit(1);
  }
}
