import { describe, expect, it } from 'vitest';
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
    ['EVENTSTORE_URL', 'http://es:2113', "EVENTSTORE_URL must be a URL starting with esdb:// or esdb+discover://, not 'http://es:2113'."],
    ['JWT_SECRET', 'short', "JWT_SECRET must be at least 32 characters long, not 'short'."],
    ['PUBLIC_URL', 'mathdaily.example', "PUBLIC_URL must be a URL starting with http:// or https://, not 'mathdaily.example'."],
    ['PROJECTOR_STALL_SECONDS', '0', "PROJECTOR_STALL_SECONDS must be a whole number of seconds, at least 1, not '0'."],
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
    expect(() => readSettings('command-api', { JWT_SECRET: SECRET })).toThrow('set EVENTSTORE_URL or DATABASE_URL for the event store.');
    expect(() => readSettings('query-api', { JWT_SECRET: SECRET })).toThrow('set DATABASE_URL for the read models.');
    expect(() => readSettings('projector', {})).toThrow('set DATABASE_URL for the read models.');
    expect(() => readSettings('projector', { DATABASE_URL: 'postgres://db/app' })).toThrow('set JWT_SECRET for the links in e-mails.');
    expect(readSettings('command-api', { EVENTSTORE_URL: 'esdb://es:2113?tls=false', JWT_SECRET: SECRET }).eventStoreUrl).toBe('esdb://es:2113?tls=false');
  });
});
