import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSettings } from './settings.ts';

const SECRET = 'x'.repeat(32);

describe('readSettings: one reading of the environment for every entry point', () => {
  it('embedded defaults: port 3000 on 127.0.0.1, .data, demo accounts on, public URL from the port', () => {
    expect(readSettings('embedded', {})).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '.data',
      demoAccounts: true,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      trustProxy: undefined,
    });
  });

  it('demo accounts are off by default once DATABASE_URL names a database, and in production', () => {
    expect(readSettings('embedded', { DATABASE_URL: 'postgres://db/app' }).demoAccounts).toBe(false);
    expect(readSettings('command-api', { DATABASE_URL: 'postgres://db/app', JWT_SECRET: SECRET }).demoAccounts).toBe(false);
    expect(readSettings('query-api', { DATABASE_URL: 'postgres://db/app', JWT_SECRET: SECRET, DEMO_ACCOUNTS: 'on' }).demoAccounts).toBe(true);
  });

  it('production defaults: the ports the router expects, every interface, the shared data folder', () => {
    const env = { DATABASE_URL: 'postgres://db/app', JWT_SECRET: SECRET };
    expect(readSettings('command-api', env)).toMatchObject({ port: 3001, host: '0.0.0.0', dataDir: '/var/lib/mathdaily', publicUrl: 'http://localhost:8080' });
    expect(readSettings('query-api', env)).toMatchObject({ port: 3002, host: '0.0.0.0' });
    // The projector sends the e-mail: its links point where the router serves the app.
    expect(readSettings('projector', env)).toMatchObject({ dataDir: '/var/lib/mathdaily', publicUrl: 'http://localhost:8080' });
  });

  it.each([
    ['PORT', 'abc', "PORT must be a number from 0 to 65535, not 'abc'."],
    ['PORT', '70000', "PORT must be a number from 0 to 65535, not '70000'."],
    ['DEMO_ACCOUNTS', 'maybe', "DEMO_ACCOUNTS must be one of on, off, true, false, yes, no, 1, 0, not 'maybe'."],
    ['DATABASE_URL', 'localhost:5432', "DATABASE_URL must be a URL starting with postgres:// or postgresql://, not 'localhost:5432'."],
    ['EVENTSTORE_URL', 'http://es:2113', "EVENTSTORE_URL must be a URL starting with esdb://, esdb+discover://, kurrentdb://, kurrentdb+discover://, not 'http://es:2113'."],
    ['JWT_SECRET', 'short', "JWT_SECRET must be at least 32 characters long, not 'short'."],
    ['PUBLIC_URL', 'mathdaily.example', "PUBLIC_URL must be a URL starting with http:// or https://, not 'mathdaily.example'."],
    ['PROJECTOR_STALL_SECONDS', '0', "PROJECTOR_STALL_SECONDS must be a whole number of seconds from 1 to 86400, not '0'."],
    ['LIVE_PING_SECONDS', '30s', "LIVE_PING_SECONDS must be a whole number of seconds from 1 to 86400, not '30s'."],
  ])('a bad %s stops start-up with a message naming it', (name, value, message) => {
    expect(() => readSettings('embedded', { [name]: value })).toThrow(message);
  });

  it('PROJECTOR_STALL_SECONDS: 30 unless set, the same for every topology', () => {
    expect(readSettings('embedded', {}).projectorStallSeconds).toBe(30);
    expect(readSettings('query-api', { DATABASE_URL: 'postgres://db/app', JWT_SECRET: SECRET, PROJECTOR_STALL_SECONDS: '90' }).projectorStallSeconds).toBe(90);
  });

  it('TRUST_PROXY=true is refused: it would let any client choose its own address', () => {
    expect(() => readSettings('embedded', { TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must be a hop count/);
    expect(readSettings('embedded', { TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readSettings('embedded', { TRUST_PROXY: '10.0.0.2, 10.0.0.3' }).trustProxy).toEqual(['10.0.0.2', '10.0.0.3']);
  });

  it('each production process names what it cannot run without', () => {
    expect(() => readSettings('command-api', { DATABASE_URL: 'postgres://db/app' })).toThrow('set JWT_SECRET to sign and check tokens.');
    expect(() => readSettings('command-api', { JWT_SECRET: SECRET, EVENTSTORE_URL: 'esdb://es:2113?tls=false' })).toThrow(
      'set DATABASE_URL for uploads, rate limits and idempotency keys (and the events, without EVENTSTORE_URL).',
    );
    expect(() => readSettings('query-api', { JWT_SECRET: SECRET })).toThrow('set DATABASE_URL for the read models.');
    expect(() => readSettings('projector', {})).toThrow('set DATABASE_URL for the read models.');
    expect(() => readSettings('projector', { DATABASE_URL: 'postgres://db/app' })).toThrow('set JWT_SECRET for the links in e-mails.');
    expect(readSettings('command-api', { EVENTSTORE_URL: 'esdb://es:2113?tls=false', DATABASE_URL: 'postgres://db/app', JWT_SECRET: SECRET }).eventStoreUrl).toBe('esdb://es:2113?tls=false');
  });

  it('DATABASE_CONNECTIONS: each process its default share of the budget, never fewer than its pools need', () => {
    const env = { DATABASE_URL: 'postgres://db/app', JWT_SECRET: SECRET };
    expect([readSettings('command-api', env), readSettings('query-api', env), readSettings('projector', env)].map((settings) => settings.databaseConnections)).toEqual([8, 10, 8]);
    expect(readSettings('query-api', { ...env, DATABASE_CONNECTIONS: '20' }).databaseConnections).toBe(20);
    expect(() => readSettings('projector', { ...env, DATABASE_CONNECTIONS: '4' })).toThrow("DATABASE_CONNECTIONS must be at least 7 for the projector, not '4'.");
    expect(() => readSettings('query-api', { ...env, DATABASE_CONNECTIONS: 'many' })).toThrow("DATABASE_CONNECTIONS must be a whole number of connections, not 'many'.");
  });
});

describe('readSettings: the EventStoreDB connection (EVENTSTORE_URL, EVENTSTORE_CA_FILE, EVENTSTORE_USERNAME, EVENTSTORE_PASSWORD)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'settings-'));
  const caFile = path.join(dir, 'ca.crt');
  writeFileSync(caFile, '-----BEGIN CERTIFICATE-----\n');
  const unreadable = path.join(dir, 'secret.crt');
  writeFileSync(unreadable, 'x');
  chmodSync(unreadable, 0o000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const eventStore = (env: Record<string, string>) => readSettings('command-api', { JWT_SECRET: SECRET, DATABASE_URL: 'postgres://db/app', ...env }).eventStoreUrl;
  const refusal = (env: Record<string, string>) => {
    try {
      eventStore(env);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('expected the settings to be refused');
  };

  it('takes one node, a cluster of gossip seeds, and DNS discovery, under the esdb and kurrentdb names', () => {
    for (const url of [
      'esdb://es:2113?tls=false',
      'esdb://es-1:2113,es-2:2113,es-3:2113',
      'kurrentdb://10.0.0.1,10.0.0.2:2114?nodePreference=leader&gossipTimeout=3000',
      'esdb+discover://cluster.example.com:2113',
      'kurrentdb+discover://cluster.example.com?tlsVerifyCert=true',
    ]) {
      expect(eventStore({ EVENTSTORE_URL: url })).toBe(url);
    }
    expect(eventStore({ EVENTSTORE_URL: 'esdb://a:2113, b:2113' })).toBe('esdb://a:2113,b:2113');
  });

  it('folds the CA file into the connection string as tlsCAFile, once checked that it can be read', () => {
    expect(eventStore({ EVENTSTORE_URL: 'esdb://a:2113,b:2113', EVENTSTORE_CA_FILE: caFile })).toBe(`esdb://a:2113,b:2113?tlsCAFile=${caFile}`);
    expect(eventStore({ EVENTSTORE_URL: 'esdb://a:2113?nodePreference=follower', EVENTSTORE_CA_FILE: path.relative(process.cwd(), caFile) })).toBe(
      `esdb://a:2113?nodePreference=follower&tlsCAFile=${caFile}`,
    );
    expect(refusal({ EVENTSTORE_URL: 'esdb://a:2113', EVENTSTORE_CA_FILE: path.join(dir, 'missing.crt') })).toBe(`EVENTSTORE_CA_FILE must name a readable file, not '${path.join(dir, 'missing.crt')}'.`);
    expect(refusal({ EVENTSTORE_URL: 'esdb://a:2113', EVENTSTORE_CA_FILE: dir })).toBe(`EVENTSTORE_CA_FILE must name a readable file, not '${dir}'.`);
    if (process.getuid?.() !== 0) expect(refusal({ EVENTSTORE_URL: 'esdb://a:2113', EVENTSTORE_CA_FILE: unreadable })).toContain('EVENTSTORE_CA_FILE must name a readable file');
    expect(refusal({ EVENTSTORE_URL: 'esdb://a:2113?tls=false', EVENTSTORE_CA_FILE: caFile })).toBe('EVENTSTORE_CA_FILE is set, but EVENTSTORE_URL has tls=false.');
    expect(refusal({ EVENTSTORE_URL: `esdb://a:2113?tlsCAFile=${caFile}`, EVENTSTORE_CA_FILE: caFile })).toContain('EVENTSTORE_CA_FILE is set, but EVENTSTORE_URL names a tlsCAFile too');
    expect(refusal({ EVENTSTORE_URL: `esdb://a:2113?tlsCAFile=${path.join(dir, 'nope')}` })).toContain("EVENTSTORE_URL's tlsCAFile must name a readable file");
    expect(refusal({ EVENTSTORE_CA_FILE: caFile, DATABASE_URL: 'postgres://db/app' })).toBe('EVENTSTORE_CA_FILE is set, but EVENTSTORE_URL is not.');
  });

  it('takes credentials in the URL or from EVENTSTORE_USERNAME and EVENTSTORE_PASSWORD, and never shows the password', () => {
    expect(eventStore({ EVENTSTORE_URL: 'esdb://admin:s3cret.pw@a:2113' })).toBe('esdb://admin:s3cret.pw@a:2113');
    expect(eventStore({ EVENTSTORE_URL: 'kurrentdb://a:2113,b:2113', EVENTSTORE_USERNAME: 'ops', EVENTSTORE_PASSWORD: 'Pa$$-w0rd', EVENTSTORE_CA_FILE: caFile })).toBe(
      `kurrentdb://ops:Pa$$-w0rd@a:2113,b:2113?tlsCAFile=${caFile}`,
    );
    const refusals = [
      refusal({ EVENTSTORE_URL: 'esdb://a:2113', EVENTSTORE_USERNAME: 'ops' }),
      refusal({ EVENTSTORE_URL: 'esdb://a:2113', EVENTSTORE_PASSWORD: 'hunter2secret' }),
      refusal({ EVENTSTORE_URL: 'esdb://a:2113', EVENTSTORE_USERNAME: 'ops', EVENTSTORE_PASSWORD: 'hunter2/secret' }),
      refusal({ EVENTSTORE_URL: 'esdb://admin:hunter2secret@a:2113', EVENTSTORE_USERNAME: 'ops', EVENTSTORE_PASSWORD: 'hunter2secret' }),
      refusal({ EVENTSTORE_URL: 'esdb://admin:hunter2secret@a:2113?tls=false' }),
      refusal({ EVENTSTORE_URL: 'esdb://a:2113?tls=false', EVENTSTORE_USERNAME: 'ops', EVENTSTORE_PASSWORD: 'hunter2secret' }),
      refusal({ EVENTSTORE_URL: 'esdb://admin:hunter2secret@a:99999' }),
      refusal({ EVENTSTORE_URL: 'esdb://admin:hunter2%40secret@a:2113' }),
    ];
    expect(refusals).toEqual([
      'EVENTSTORE_PASSWORD must be set too (EVENTSTORE_USERNAME and EVENTSTORE_PASSWORD go together).',
      'EVENTSTORE_USERNAME must be set too (EVENTSTORE_USERNAME and EVENTSTORE_PASSWORD go together).',
      "EVENTSTORE_PASSWORD must be letters, digits and . _ ~ ! $ & ' ( ) * + - only (the value is not shown).",
      'EVENTSTORE_USERNAME and EVENTSTORE_PASSWORD are set, but EVENTSTORE_URL has credentials too: give them once.',
      'EventStoreDB credentials need TLS, but EVENTSTORE_URL has tls=false: the password would cross the network in clear text.',
      'EventStoreDB credentials need TLS, but EVENTSTORE_URL has tls=false: the password would cross the network in clear text.',
      "EVENTSTORE_URL must name each node as host or host:port, separated by commas (one node), not 'esdb://admin:***@a:99999'.",
      "EVENTSTORE_URL credentials must be user:password, each of letters, digits and . _ ~ ! $ & ' ( ) * + - only, not 'esdb://admin:***@a:2113'.",
    ]);
    for (const message of refusals) expect(message).not.toContain('hunter2');
  });

  it.each([
    ['esdb://', 'must name each node as host or host:port, separated by commas (one node)'],
    ['esdb://a:2113,b:x', 'must name each node as host or host:port, separated by commas (a cluster)'],
    ['esdb+discover://a:2113,b:2113', 'with +discover names one host (the DNS name the cluster is discovered from)'],
    ['esdb://a:2113?tls=no', 'option tls must be true or false'],
    ['esdb://a:2113?nodePreference=nearest', 'option nodePreference must be leader, follower, random or readOnlyReplica'],
    ['esdb://a:2113?gossipTimeout=3s', 'option gossipTimeout must be milliseconds'],
    ['esdb://a:2113?tls=false&tls=true', 'sets tls twice'],
    ['esdb://a:2113?tlsCaFil=/x', "has an unknown option 'tlsCaFil'"],
  ])('a bad EVENTSTORE_URL (%s) stops start-up with a message naming it', (url, why) => {
    expect(refusal({ EVENTSTORE_URL: url })).toBe(`EVENTSTORE_URL ${why}${why.startsWith('has an unknown') ? ` (the client takes tls, tlsVerifyCert, tlsCAFile, nodePreference, maxDiscoverAttempts, discoveryInterval, gossipTimeout, defaultDeadline, keepAliveInterval, keepAliveTimeout, connectionName, throwOnAppendFailure, userCertFile, userKeyFile)` : ''}, not '${url}'.`);
  });
});
