import { z } from 'zod';
import {
  authSessionDecider,
  DomainError,
  authSessionStreamId,
  emailReservationDecider,
  foldEvents,
  gradeInEffect,
  lastPlacementGrade,
  placementStreamId,
  userDecider,
  userStreamId,
  userViewOf,
  type AuthSessionState,
  type UserCommand,
  type RecordedEvent,
  type UserState,
  type UserView,
} from '@mathdaily/domain';
import type { EventStore } from '@mathdaily/event-store';
import { handleCommand, type CommandMeta } from '../pipeline/handle-command.ts';
import { emailStreamId, userIdOfLinkToken } from './secrets.ts';

/** The account as the command side sees it: the folded stream plus times from event metadata. */
export interface UserRecord {
  state: UserState;
  createdAt: string;
  lastLoginAt: string | null;
  /** When the stream last set the grade (registration or a profile edit that changed it). */
  gradeSetAt: string;
  version: number;
}

export const VERIFY_EMAIL_TTL_MS = 48 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;

function recordOf(events: readonly RecordedEvent[], version: number): UserRecord {
  const state = foldEvents(userDecider, events);
  const createdAt = events.find((event) => event.type === 'UserRegistered')?.metadata.at ?? '';
  const lastLoginAt = events.findLast((event) => event.type === 'UserSignedIn')?.metadata.at ?? null;
  const gradeSetAt =
    events.findLast((event) => event.type === 'UserRegistered' || (event.type === 'ProfileUpdated' && (event.data as { gradeLevel?: unknown }).gradeLevel !== undefined))?.metadata.at ??
    createdAt;
  return { state, createdAt, lastLoginAt, gradeSetAt, version };
}

/**
 * The grade the student practises in (`gradeInEffect`): the stream's, or a placement check's that
 * finished after it, read from `placement-{userId}`. What the read models show, so a command's
 * answer and a later GET agree.
 */
export async function currentGradeLevel(store: EventStore, record: UserRecord): Promise<number | null> {
  if (record.state.role !== 'student') return record.state.gradeLevel;
  const placement = lastPlacementGrade((await store.readStream(placementStreamId(record.state.userId))).events);
  return gradeInEffect({ grade: record.state.gradeLevel, at: record.gradeSetAt }, placement);
}

/** The account as its owner sees it, with the grade in effect. */
export async function loadUserView(store: EventStore, userId: string): Promise<UserView> {
  const record = await loadUser(store, userId);
  return { ...viewOf(record), gradeLevel: await currentGradeLevel(store, record) };
}

export async function loadUser(store: EventStore, userId: string): Promise<UserRecord> {
  const stream = await store.readStream(userStreamId(userId));
  return recordOf(stream.events, stream.version);
}

/** An e-mailed link's token in a request body; `invalid` for anything but a string of 1 to 200 characters. */
export const linkTokenField = (invalid: string) => z.string({ error: () => invalid }).min(1, invalid).max(200, invalid);

/** The account an e-mailed link's token names; refused with `invalid` when it names none, or none that exists. */
export async function loadUserOfLink(store: EventStore, token: string, invalid: string): Promise<{ userId: string; user: UserRecord }> {
  const userId = userIdOfLinkToken(token);
  if (!userId) throw new DomainError('VALIDATION_FAILED', invalid);
  const user = await loadUser(store, userId);
  if (!user.state.exists) throw new DomainError('VALIDATION_FAILED', invalid);
  return { userId, user };
}

/** A command decided on the account's own stream. */
export const handleUserCommand = (store: EventStore, userId: string, meta: CommandMeta, command: UserCommand) =>
  handleCommand({ store, streamId: userStreamId(userId), decider: userDecider, meta, command });

export const viewOf = (record: UserRecord): UserView =>
  userViewOf(record.state, { createdAt: record.createdAt, lastLoginAt: record.lastLoginAt });

export async function loadSession(store: EventStore, sessionId: string): Promise<AuthSessionState> {
  const stream = await store.readStream(authSessionStreamId(sessionId));
  return foldEvents(authSessionDecider, stream.events);
}

/** The user id an address is reserved for, or null. */
export async function userIdForEmail(store: EventStore, email: string): Promise<string | null> {
  const stream = await store.readStream(emailStreamId(email));
  return foldEvents(emailReservationDecider, stream.events).userId;
}
export { emailStreamId } from './secrets.ts';
