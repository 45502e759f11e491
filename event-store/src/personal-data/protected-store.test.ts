import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { ERASED_EMAIL, ERASED_FIRST_NAME, ERASED_TEXT, NIL_USER_ID, newEvent, type EventFact, type NewEvent } from '@mathdaily/domain';
import { createTestDatabase } from '@mathdaily/testing';
import { startEventStoreDbTestServer } from '@mathdaily/testing/eventstoredb-server';
import type { EventStore } from '../event-store.ts';
import { createEventStoreDbEventStore } from '../eventstoredb/eventstoredb-event-store.ts';
import { createPostgresEventStore } from '../postgres/postgres-event-store.ts';
import { migratePostgresEventStore } from '../postgres/schema.ts';
import { migratePersonalDataVault, MissingKeyError, PersonalDataVault } from './key-vault.ts';
import { PersonalDataOpener, personalDataErased, protectPersonalData, sealedDataOf } from './protected-store.ts';

const at = '2026-05-04T08:00:00.000Z';
const event = (fact: EventFact, actorId: string | null = null): NewEvent =>
  newEvent(fact, { actorId, correlationId: 'test', causationId: 'test', at }, randomUUID());

function registered(userId: string, email: string) {
  return event({
    type: 'UserRegistered',
    data: { userId, email, firstName: 'Rosalind', lastName: 'Quenby', role: 'student', gradeLevel: 4, timezone: 'UTC', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', source: 'self-registration' },
  });
}

let pool: pg.Pool;
let vault: PersonalDataVault;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await createTestDatabase('personal_data'), max: 4 });
  await migratePostgresEventStore(pool);
  await migratePersonalDataVault(pool);
  vault = new PersonalDataVault(pool);
});
afterAll(async () => {
  await pool.end();
});

/** The same cases on each store: what is stored names nobody; reads see plain data until the keys go. */
function protectedStoreCases(name: string, rawStore: () => EventStore, storedText: () => Promise<string>) {
  describe(`personal data on ${name}`, () => {
    test('is sealed in the store, plain to readers, and reads as erased once the owner is erased', async () => {
      const store = protectPersonalData(rawStore(), vault);
      const userId = randomUUID();
      const email = `rosalind.${userId.slice(0, 8)}@example.org`;
      await store.append(`user-${userId}`, [registered(userId, email)], { expectedVersion: 'no_stream' });
      await store.append(`email-${userId}`, [event({ type: 'EmailAddressReserved', data: { email, userId } })], { expectedVersion: 'no_stream' });

      const stored = await storedText();
      expect(stored).not.toContain(email);
      expect(stored).not.toContain('Rosalind');
      expect(stored).not.toContain('Quenby');
      expect(stored).not.toContain('$argon2id');

      const [read] = (await store.readStream(`user-${userId}`)).events;
      expect(read!.data).toMatchObject({ email, firstName: 'Rosalind', lastName: 'Quenby', gradeLevel: 4 });
      expect(JSON.stringify(sealedDataOf(read!))).not.toContain('Rosalind');
      expect(personalDataErased(read!)).toBe(false);

      expect(await vault.destroyOwner(userId)).toBe(2);
      const [erased] = (await store.readStream(`user-${userId}`)).events;
      expect(erased!.data).toMatchObject({ userId, email: ERASED_EMAIL, firstName: ERASED_FIRST_NAME, gradeLevel: 4, passwordHash: '' });
      expect(personalDataErased(erased!)).toBe(true);
      const [reservation] = (await store.readStream(`email-${userId}`)).events;
      expect(reservation!.data).toEqual({ email: ERASED_EMAIL, userId: NIL_USER_ID });
      // A sealed copy kept by a read model reads as erased too.
      expect(await new PersonalDataOpener(vault).openValues({ name: (sealedDataOf(read!) as { firstName: unknown }).firstName }, ERASED_TEXT)).toEqual({ name: ERASED_TEXT });
    });

    test('subscriptions, history reads and appendMany open and seal alike; events without personal data pass untouched', async () => {
      const raw = rawStore();
      const store = protectPersonalData(raw, vault);
      const after = await store.lastPosition();
      const requestId = randomUUID();
      const contact = event({ type: 'ContactRequested', data: { requestId, source: 'contact', name: 'Morwenna Trask', email: 'morwenna@example.org', organization: null, plan: 'school', subject: null, message: 'Please call me' } });
      const hint = event({ type: 'HintOpened', data: { userId: randomUUID(), sessionId: randomUUID(), problemId: randomUUID() } });
      await store.appendMany([
        { streamId: `contact-${requestId}`, events: [contact], expectedVersion: 'no_stream' },
        { streamId: `hints-${requestId}`, events: [hint], expectedVersion: 'no_stream' },
      ]);
      expect(await storedText()).not.toContain('Morwenna');
      const seen: unknown[] = [];
      const subscription = store.subscribeToAll({ after, onBatch: async (events) => void seen.push(...events.map((e) => e.data)) });
      await subscription.caughtUp;
      await subscription.stop();
      expect(seen).toContainEqual(expect.objectContaining({ name: 'Morwenna Trask', organization: null, message: 'Please call me' }));
      const history = await store.readHistory({ after, until: await store.lastPosition(), limit: 10, filter: { types: ['ContactRequested', 'HintOpened'] } });
      expect(history.events.map((e) => e.data)).toEqual([expect.objectContaining({ name: 'Morwenna Trask' }), hint.data]);

      // One message erased on its own (a guest's request): its key is the request's.
      await vault.destroyKey({ ownerId: requestId, purpose: `contact-request:${requestId}` });
      const [erased] = (await store.readStream(`contact-${requestId}`)).events;
      expect(erased!.data).toMatchObject({ name: ERASED_TEXT, email: ERASED_TEXT, message: ERASED_TEXT, plan: 'school' });
    });
  });
}

describe('PostgreSQL and the EventStoreDB test server', () => {
  let postgres: EventStore;
  let server: Awaited<ReturnType<typeof startEventStoreDbTestServer>>;
  let esdb: EventStore;
  beforeAll(async () => {
    postgres = createPostgresEventStore({ pool, warn: () => undefined });
    server = await startEventStoreDbTestServer();
    esdb = createEventStoreDbEventStore({ connectionString: server.url, warn: () => undefined });
  });
  afterAll(async () => {
    await Promise.all([postgres.close(), esdb.close()]);
    await server.close();
  });
  protectedStoreCases('PostgreSQL', () => postgres, async () => JSON.stringify((await pool.query('SELECT stream_id, data, metadata FROM events')).rows));
  protectedStoreCases(
    'EventStoreDB',
    () => esdb,
    async () => JSON.stringify((await esdb.readAll({ after: 0n, limit: 100_000 })).map(({ streamId, data, metadata }) => ({ streamId, data, metadata }))),
  );
});

test('a key that vanished without being destroyed is an error, never a silent erasure', async () => {
  const store = protectPersonalData(createPostgresEventStore({ pool, warn: () => undefined }), vault);
  const userId = randomUUID();
  await store.append(`user-${userId}`, [registered(userId, `lost.${userId}@example.org`)], { expectedVersion: 'no_stream' });
  await pool.query('DELETE FROM privacy.personal_data_keys WHERE owner_id = $1', [userId]);
  await expect(protectPersonalData(createPostgresEventStore({ pool, warn: () => undefined }), new PersonalDataVault(pool)).readStream(`user-${userId}`)).rejects.toBeInstanceOf(MissingKeyError);
});
