import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { emailStreamId, type UploadStore } from '@mathdaily/api-kit';
import {
  authSessionDecider,
  authSessionStreamId,
  causedBy,
  emailReservationDecider,
  foldEvents,
  newEvent,
  parentDecider,
  parentStreamId,
  relationshipDecider,
  relationshipStreamId,
  userDecider,
  userStreamId,
  type Decider,
  type EventContext,
  type EventFact,
  type RecordedEvent,
  type UserErased,
} from '@mathdaily/domain';
import { ConcurrencyError, type EventStore, type PersonalDataVault } from '@mathdaily/event-store';
import type { Reactor } from '../reactor.ts';
import { MAILBOX_FOLDER } from './mail-transports.ts';

export interface ErasureSettings {
  store: EventStore;
  pool: DatabasePool;
  vault: PersonalDataVault;
  /** Uploaded avatars (PostgreSQL's uploads schema). */
  uploads: UploadStore;
  /** DATA_DIR: the development mailbox. */
  dataDir: string;
  log?: (line: string) => void;
}

const pairRow = z.object({ a: z.string(), b: z.string() });
const idRow = z.object({ id: z.string() });

/**
 * The erasure process (docs/personal-data.md): for each UserErased, in order, each step safe to
 * repeat (the reactor delivers at least once, and resumes after a crash):
 * 1. waits until the read models hold the erasure (it finds links and sessions there);
 * 2. releases the e-mail address's reservation, so the address may register again (it must read
 *    the address first, so this comes before the keys go);
 * 3. ends the parent links and tutor relationships and the sessions still open, by events;
 * 4. deletes uploaded pictures and, in development, the mailbox's copies of the person's e-mail;
 * 5. destroys the person's keys: every sealed copy of their data, in events, read models and
 *    exports, is beyond use from now on;
 * 6. records PersonalDataErased on the account's stream.
 */
export function erasureReactor(settings: ErasureSettings): Reactor {
  const { store, pool, vault } = settings;
  return {
    name: 'erasure',
    eventTypes: ['UserErased'],
    async react(event) {
      const { userId } = (event as RecordedEvent & UserErased).data;
      const context = causedBy(event, event.metadata.at, event.metadata.actorId);
      if (!(await pool.exists(sql.unsafe`SELECT 1 FROM read_models.event_log WHERE position = ${event.position.toString()}::int8`))) {
        throw new Error(`erasure of ${userId}: the read models have not reached the erasure yet`);
      }
      const user = foldEvents(userDecider, (await store.readStream(userStreamId(userId))).events.filter((e) => e.type === 'UserRegistered'));
      const email = user.exists ? user.email : null;
      if (email) await decideAndAppend(store, emailStreamId(email), emailReservationDecider, { type: 'ReleaseEmail', heldBy: userId }, context);

      const family = await pool.any(sql.type(pairRow)`
        SELECT parent_id::text AS a, child_id::text AS b FROM read_models.family_links WHERE parent_id = ${userId}::uuid OR child_id = ${userId}::uuid`);
      for (const link of family) {
        await decideAndAppend(store, parentStreamId(link.a), parentDecider, { type: 'UnlinkChild', parentId: link.a, childId: link.b, by: 'erasure' }, context);
      }
      const tutoring = await pool.any(sql.type(pairRow)`
        SELECT tutor_id::text AS a, student_id::text AS b FROM read_models.tutor_students WHERE tutor_id = ${userId}::uuid OR student_id = ${userId}::uuid`);
      for (const pair of tutoring) {
        await decideAndAppend(store, relationshipStreamId(pair.a, pair.b), relationshipDecider, { type: 'EndRelationship', tutorId: pair.a, studentId: pair.b, reason: 'account_erased', changedBy: event.metadata.actorId ?? null }, context);
      }
      const sessions = await pool.anyFirst(sql.type(idRow)`
        SELECT session_id::text AS id FROM read_models.auth_sessions WHERE user_id = ${userId}::uuid AND revoked_at IS NULL`);
      for (const sessionId of sessions) {
        await decideAndAppend(store, authSessionStreamId(sessionId), authSessionDecider, { type: 'RevokeSession', reason: 'account-erased' }, context);
      }

      const uploadsDeleted = await settings.uploads.deleteOwnedBy(userId);
      if (email) await deleteMailboxCopies(path.join(settings.dataDir, MAILBOX_FOLDER), email);
      const keysDestroyed = await vault.destroyOwner(userId);
      await decideAndAppend(store, userStreamId(userId), userDecider, { type: 'RecordPersonalDataErased', keysDestroyed, uploadsDeleted }, context);
      settings.log?.(`erasure: account ${userId} erased (${keysDestroyed} keys destroyed)`);
    },
  };
}

/** Folds the stream, decides, appends with its version; on a concurrent write, decides again. */
async function decideAndAppend<State, Command, Event extends EventFact>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  context: EventContext,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const stream = await store.readStream(streamId);
    const facts = decider.decide(command, foldEvents(decider, stream.events));
    if (facts.length === 0) return;
    try {
      await store.append(streamId, facts.map((fact) => newEvent(fact, context, randomUUID())), { expectedVersion: stream.exists ? stream.version : 'no_stream' });
      return;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= 5) throw error;
    }
  }
}

/** The development mailbox keeps each message as `.json` and `.eml`: both go for every message to the address. */
async function deleteMailboxCopies(folder: string, email: string): Promise<void> {
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names.filter((file) => file.endsWith('.json'))) {
    const message = JSON.parse(await readFile(path.join(folder, name), 'utf8').catch(() => '{}')) as { to?: string };
    if (message.to?.toLowerCase() !== email.toLowerCase()) continue;
    const base = name.slice(0, -'.json'.length);
    await Promise.all([rm(path.join(folder, name), { force: true }), rm(path.join(folder, `${base}.eml`), { force: true })]);
  }
}
