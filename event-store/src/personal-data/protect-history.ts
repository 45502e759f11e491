import { createHash } from 'node:crypto';
import type pg from 'pg';
import { eventSchemas, holdsPersonalData, personalDataKeyOf, personalFields, personalMarkOf, type RecordedEvent, type UserErased } from '@mathdaily/domain';
import type { EventStore, ExpectedVersion } from '../event-store.ts';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from '../postgres/read.ts';
import { isSealed, seal } from './field-cipher.ts';
import type { PersonalDataVault } from './key-vault.ts';
import { PersonalDataOpener } from './protected-store.ts';

/**
 * The one-time migration of a store written before personal data was sealed (docs/personal-data.md,
 * "The one-time migration"): the one place history is rewritten, for the law's sake. Every event
 * is copied, in order, into a new store with its personal fields sealed as protectPersonalData
 * seals them today; a value whose owner was erased before the migration (UserErased in the
 * history), or whose retention has ended, is written as its erased value, since no key may bring
 * it back. The copy is then verified, before any switch: the same number of events, and the same
 * digest of every event as a reader sees it (ids, streams, versions, types, metadata and data,
 * the sealed fields opened).
 */

export interface ProtectionReport {
  events: number;
  /** Personal values sealed by the migration (values already sealed are copied as they are). */
  sealed: number;
  /** Personal values of people erased before the migration (or past retention), written as erased. */
  erased: number;
  /** SHA-256 of every event as a reader of the old store should see it, and of the new store as read. */
  sourceDigest: string;
  targetDigest: string;
}

export class ProtectionVerificationError extends Error {
  override readonly name = 'ProtectionVerificationError';
}

const PAGE = 1000;

/** The owners whose data was erased before the migration: their plain values must not be sealed again under a new key. */
async function erasedOwners(readPage: (after: bigint) => Promise<RecordedEvent[]>): Promise<Set<string>> {
  const owners = new Set<string>();
  for (let after = 0n; ; ) {
    const page = await readPage(after);
    if (page.length === 0) return owners;
    for (const event of page) if (event.type === 'UserErased') owners.add((event as RecordedEvent & UserErased).data.userId);
    after = page.at(-1)!.position;
  }
}

interface Counts {
  sealed: number;
  erased: number;
}

/** The event's data with each plain personal field sealed with its owner's key, or erased. */
async function protect(events: RecordedEvent[], vault: PersonalDataVault, erased: ReadonlySet<string>, now: Date, counts: Counts): Promise<RecordedEvent[]> {
  const personal = events.filter((event) => holdsPersonalData(event.type));
  const refs = personal.map((event) => personalDataKeyOf(event.type, event.data, event.metadata));
  const gone = (ref: (typeof refs)[number]) => erased.has(ref.ownerId) || (ref.destroyAfter !== undefined && new Date(ref.destroyAfter) <= now);
  const keys = await vault.keysFor(refs.filter((ref) => !gone(ref)));
  return events.map((event) => {
    if (!holdsPersonalData(event.type)) return event;
    const ref = personalDataKeyOf(event.type, event.data, event.metadata);
    const key = gone(ref) ? undefined : keys.get(`${ref.ownerId}|${ref.purpose}`)!;
    const data = personalFields.map(eventSchemas[event.type]!, event.data, (field, value) => {
      if (isSealed(value)) return value;
      if (!key) {
        counts.erased += 1;
        return personalMarkOf(field)!.erased;
      }
      counts.sealed += 1;
      return seal(key.secret, key.keyId, value);
    });
    return data === event.data ? event : { ...event, data };
  });
}

/** What a reader should see of the old store's events after the migration: opened, and erased where the owner was. */
function expectedView(events: RecordedEvent[], erased: ReadonlySet<string>, now: Date): RecordedEvent[] {
  return events.map((event) => {
    if (!holdsPersonalData(event.type)) return event;
    const ref = personalDataKeyOf(event.type, event.data, event.metadata);
    if (!erased.has(ref.ownerId) && !(ref.destroyAfter !== undefined && new Date(ref.destroyAfter) <= now)) return event;
    return { ...event, data: personalFields.map(eventSchemas[event.type]!, event.data, (field) => personalMarkOf(field)!.erased) };
  });
}

/** Keys sorted at every level: PostgreSQL's jsonb and EventStoreDB keep them in different orders. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

class Digest {
  private readonly hash = createHash('sha256');
  count = 0;
  add(events: readonly RecordedEvent[]): void {
    for (const event of events) {
      this.hash.update(canonical([event.id, event.streamId, event.version, event.type, event.metadata, event.data]));
      this.hash.update('\n');
      this.count += 1;
    }
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

/** Reads the copy back through the vault and compares it with what the source promised. */
async function verify(source: Digest, readTarget: (after: bigint) => Promise<RecordedEvent[]>, vault: PersonalDataVault, counts: Counts): Promise<ProtectionReport> {
  const opener = new PersonalDataOpener(vault);
  const target = new Digest();
  for (let after = 0n; ; ) {
    const page = await readTarget(after);
    if (page.length === 0) break;
    for (const event of page) {
      if (!holdsPersonalData(event.type)) continue;
      personalFields.visit(eventSchemas[event.type]!, event.data, (field, value) => {
        if (!isSealed(value) && canonical(value) !== canonical(personalMarkOf(field)!.erased)) {
          throw new ProtectionVerificationError(`event ${event.id} (${event.type}) still holds a plain personal value in the new store`);
        }
      });
    }
    target.add(await opener.openEvents(page));
    after = page.at(-1)!.position;
  }
  const report = { events: source.count, ...counts, sourceDigest: source.digest(), targetDigest: target.digest() };
  if (target.count !== source.count) throw new ProtectionVerificationError(`the new store holds ${target.count} events, the old one ${source.count}`);
  if (report.sourceDigest !== report.targetDigest) throw new ProtectionVerificationError(`the digests differ: old ${report.sourceDigest}, new ${report.targetDigest}`);
  return report;
}

/**
 * EventStoreDB (or any store): copies `source` into the empty `target` through the port, stream
 * versions and event ids kept, in the source's order, then verifies. Positions are the target's
 * own: after the switch the read models are rebuilt (npm run replay).
 */
export async function copyHistoryProtected(source: EventStore, target: EventStore, vault: PersonalDataVault, now = new Date()): Promise<ProtectionReport> {
  if ((await target.lastPosition()) !== 0n) throw new ProtectionVerificationError('the new store is not empty: the migration copies into an empty store only');
  const readSource = (after: bigint) => source.readAll({ after, limit: PAGE });
  const erased = await erasedOwners(readSource);
  const counts: Counts = { sealed: 0, erased: 0 };
  const digest = new Digest();
  for (let after = 0n; ; ) {
    const page = await readSource(after);
    if (page.length === 0) break;
    digest.add(expectedView(page, erased, now));
    const protectedPage = await protect(page, vault, erased, now, counts);
    // Consecutive events of one stream go in one append; the order across streams is kept.
    for (let start = 0; start < protectedPage.length; ) {
      let end = start + 1;
      while (end < protectedPage.length && protectedPage[end]!.streamId === protectedPage[start]!.streamId) end += 1;
      const run = protectedPage.slice(start, end);
      const expectedVersion: ExpectedVersion = run[0]!.version === 1 ? 'no_stream' : run[0]!.version - 1;
      await target.append(
        run[0]!.streamId,
        run.map(({ id, type, data, metadata }) => ({ id, type, data, metadata })),
        { expectedVersion },
      );
      start = end;
    }
    after = page.at(-1)!.position;
  }
  return verify(digest, (after) => target.readAll({ after, limit: PAGE }), vault, counts);
}

/** The new table beside `events` while the copy is made; renamed to `events` by the switch. */
const NEW_TABLE = 'events_protected';

/**
 * PostgreSQL: copies the `events` table into a new table of the same database, positions,
 * transaction ids and times kept (so the read models' checkpoints stay true), verifies it, then in
 * one transaction puts it in the old table's place and drops the old table with its plain data.
 * Run with every writer stopped: it takes the table's lock, so a writer left running waits.
 */
export async function protectPostgresHistory(pool: pg.Pool, vault: PersonalDataVault, now = new Date()): Promise<ProtectionReport> {
  // `e.position`: EVENT_COLUMNS names its text form `position`, which would order as text.
  const readRows = (table: string) => async (after: bigint) =>
    (await pool.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM ${table} e WHERE e.position > $1 ORDER BY e.position LIMIT ${PAGE}`, [after.toString()])).rows.map(toRecordedEvent);
  const readOld = readRows('events');
  await pool.query(`DROP TABLE IF EXISTS ${NEW_TABLE}`);
  await pool.query(`CREATE TABLE ${NEW_TABLE} (LIKE events INCLUDING ALL)`);
  const erased = await erasedOwners(readOld);
  const counts: Counts = { sealed: 0, erased: 0 };
  const digest = new Digest();
  for (let after = 0n; ; ) {
    const { rows } = await pool.query<EventRow & { transaction_id: string; created_at: Date }>(
      `SELECT ${EVENT_COLUMNS}, transaction_id::text AS transaction_id, created_at FROM events e WHERE e.position > $1 ORDER BY e.position LIMIT ${PAGE}`,
      [after.toString()],
    );
    if (rows.length === 0) break;
    const page = rows.map(toRecordedEvent);
    digest.add(expectedView(page, erased, now));
    const protectedPage = await protect(page, vault, erased, now, counts);
    await pool.query(
      `INSERT INTO ${NEW_TABLE} (position, stream_id, version, event_id, type, data, metadata, transaction_id, created_at) OVERRIDING SYSTEM VALUE
       SELECT * FROM unnest($1::int8[], $2::text[], $3::int4[], $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[], $8::xid8[], $9::timestamptz[])`,
      [
        protectedPage.map((event) => event.position.toString()),
        protectedPage.map((event) => event.streamId),
        protectedPage.map((event) => event.version),
        protectedPage.map((event) => event.id),
        protectedPage.map((event) => event.type),
        protectedPage.map((event) => JSON.stringify(event.data)),
        protectedPage.map((event) => JSON.stringify(event.metadata)),
        rows.map((row) => row.transaction_id),
        rows.map((row) => row.created_at),
      ],
    );
    after = page.at(-1)!.position;
  }
  const report = await verify(digest, readRows(NEW_TABLE), vault, counts);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('LOCK TABLE events IN ACCESS EXCLUSIVE MODE');
    const { rows } = await client.query<{ n: string; last: string | null }>('SELECT count(*)::text AS n, max(position)::text AS last FROM events');
    if (Number(rows[0]!.n) !== report.events) throw new ProtectionVerificationError(`events were appended during the migration (${rows[0]!.n} now, ${report.events} copied): stop every writer and run it again`);
    await client.query('DROP TABLE events');
    await client.query(`ALTER TABLE ${NEW_TABLE} RENAME TO events`);
    // The names the store's schema gives its constraints and index, as a fresh store has them.
    const { rows: constraints } = await client.query<{ conname: string; def: string }>(
      `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'events'::regclass AND contype = 'u'`,
    );
    for (const constraint of constraints) {
      const name = constraint.def.includes('event_id') ? 'events_event_id_unique' : 'events_stream_version_unique';
      await client.query(`ALTER TABLE events RENAME CONSTRAINT ${constraint.conname} TO ${name}`);
    }
    const { rows: indexes } = await client.query<{ name: string }>(
      `SELECT indexname AS name FROM pg_indexes WHERE tablename = 'events' AND schemaname = current_schema() AND indexdef LIKE '%(transaction_id, "position")%'`,
    );
    for (const index of indexes) await client.query(`ALTER INDEX ${index.name} RENAME TO events_transaction_id_position_idx`);
    // The identity goes on from the last position, as the old table's did.
    await client.query(`SELECT setval(pg_get_serial_sequence('events', 'position'), GREATEST(COALESCE(max(position), 0), 1), max(position) IS NOT NULL) FROM events`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  return report;
}
