import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSlonikPool, postgresUploadStore } from '@mathdaily/api-kit';
import { DomainError, userStreamId } from '@mathdaily/domain';
import { createPostgresEventStore, migratePostgresEventStore, type EventStore } from '@mathdaily/event-store';
import { createTestDatabase } from '@mathdaily/testing';
import type { CommandApiDeps } from '../deps.ts';
import type { CommandMeta } from '../pipeline/handle-command.ts';
import { registerAccount, type NewAccount } from './registration-process.ts';
import { emailStreamId } from './secrets.ts';

let pool: pg.Pool;
let store: EventStore;
let deps: CommandApiDeps;
let uploadsPool: Awaited<ReturnType<typeof createSlonikPool>>;

beforeAll(async () => {
  const url = await createTestDatabase('registration');
  pool = new pg.Pool({ connectionString: url });
  await migratePostgresEventStore(pool);
  store = createPostgresEventStore({ pool, connectionString: url });
  uploadsPool = await createSlonikPool(url, { maximumPoolSize: 1 });
  deps = {
    store,
    clock: () => new Date('2026-09-01T07:00:00Z'),
    uploads: postgresUploadStore(uploadsPool),
    config: { jwtSecret: 'registration-test-secret-registration-test', demoAccounts: false },
  };
});

afterAll(async () => {
  await uploadsPool.end();
  await store.close();
  await pool.end();
});

const request = (): CommandMeta => {
  const id = randomUUID();
  return { actorId: null, correlationId: id, causationId: id, at: new Date('2026-09-01T07:00:00Z') };
};
const account = (email: string, overrides: Partial<NewAccount> = {}): NewAccount => ({
  email,
  password: 'Correct-Horse-42',
  firstName: 'Ada',
  lastName: 'Lovelace',
  gradeLevel: 5,
  role: 'student',
  source: 'self-registration',
  preVerified: false,
  signIn: true,
  ...overrides,
});
const eventsOf = async (streamId: string) => (await store.readStream(streamId)).events;

describe('the registration process: reserve the address → register the user → start a session', () => {
  test('given a free address, when a student registers, then three streams hold one step each, each caused by the one before', async () => {
    const email = `ada-${randomUUID()}@example.com`;
    const meta = request();
    const registered = await registerAccount(deps, meta, account(email));

    const [reserved] = await eventsOf(emailStreamId(email));
    const user = await eventsOf(userStreamId(registered.userId));
    const [started] = await eventsOf(`auth-session-${registered.session!.sessionId}`);
    expect(reserved!.type).toBe('EmailAddressReserved');
    expect(user.map((event) => event.type)[0]).toBe('UserRegistered');
    expect(started!.type).toBe('AuthSessionStarted');

    expect(reserved!.metadata.causationId).toBe(meta.causationId);
    expect(user[0]!.metadata.causationId).toBe(reserved!.id);
    expect(started!.metadata.causationId).toBe(user[0]!.id);
    for (const event of [reserved!, ...user, started!]) expect(event.metadata.correlationId).toBe(meta.correlationId);
    expect(registered.record.state.email).toBe(email);
  });

  test('given a taken address (any letter case), when someone registers with it, then 409 and no second user stream', async () => {
    const email = `grace-${randomUUID()}@example.com`;
    const first = await registerAccount(deps, request(), account(email));
    const error = await registerAccount(deps, request(), account(email.toUpperCase().replace('@EXAMPLE.COM', '@example.com'))).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('CONFLICT');
    const reservation = await eventsOf(emailStreamId(email));
    expect(reservation).toHaveLength(1);
    expect((reservation[0]!.data as { userId: string }).userId).toBe(first.userId);
  });

  test('given an address reserved by a registration that stopped before the user stream, when it is registered again, then the reservation is taken over', async () => {
    const email = `linus-${randomUUID()}@example.com`;
    const abandonedUserId = randomUUID();
    const meta = request();
    await store.append(emailStreamId(email), [
      {
        id: randomUUID(),
        type: 'EmailAddressReserved',
        data: { email, userId: abandonedUserId },
        metadata: { actorId: abandonedUserId, correlationId: meta.correlationId, causationId: meta.causationId, at: meta.at.toISOString(), schemaVersion: 1 },
      },
    ], { expectedVersion: 'no_stream' });
    const registered = await registerAccount(deps, request(), account(email));
    expect(registered.userId).toBe(abandonedUserId);
    expect((await eventsOf(userStreamId(abandonedUserId)))[0]!.type).toBe('UserRegistered');
  });

  test('given seeding (no sign-in), when an account is registered, then no session is started', async () => {
    const registered = await registerAccount(deps, request(), account(`seed-${randomUUID()}@example.com`, { signIn: false, preVerified: true, source: 'demo-seed' }));
    expect(registered.session).toBeNull();
    expect(registered.record.state.isEmailVerified).toBe(true);
  });
});
