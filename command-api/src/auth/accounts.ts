import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  authSessionDecider,
  authSessionStreamId,
  DomainError,
  emailReservationDecider,
  foldEvents,
  MESSAGES,
  sessionExpiry,
  userDecider,
  userStreamId,
  userViewOf,
  type AuthSessionRevokeReason,
  type AuthSessionState,
  type RecordedEvent,
  type UserRole,
  type UserState,
  type UserView,
} from '@mathdaily/domain';
import { signAccessToken } from '@mathdaily/api-kit';
import type { EventStore } from '@mathdaily/event-store';
import type { CommandApiDeps } from '../deps.ts';
import { handleCommand, type CommandMeta } from '../pipeline/handle-command.ts';
import { emailStreamId, hashPassword, linkToken, newRefreshToken } from './secrets.ts';

/** The account as the command side sees it: the folded stream plus times from event metadata. */
export interface UserRecord {
  state: UserState;
  createdAt: string;
  lastLoginAt: string | null;
  version: number;
}

export const VERIFY_EMAIL_TTL_MS = 48 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;

export function recordOf(events: readonly RecordedEvent[], version: number): UserRecord {
  const state = foldEvents(userDecider, events);
  const createdAt = events.find((event) => event.type === 'UserRegistered')?.metadata.at ?? '';
  const lastLoginAt = events.findLast((event) => event.type === 'UserSignedIn')?.metadata.at ?? null;
  return { state, createdAt, lastLoginAt, version };
}

export async function loadUser(store: EventStore, userId: string): Promise<UserRecord> {
  const stream = await store.readStream(userStreamId(userId));
  return recordOf(stream.events, stream.version);
}

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

/**
 * Runs work after the answer has gone out, so an answer's timing cannot tell whether there was
 * anything to do (an account behind an address). Failures are logged, never answered.
 */
export function afterAnswer(request: FastifyRequest, what: string, work: () => Promise<unknown>): void {
  setImmediate(() => {
    work().catch((error: unknown) => request.log.error({ err: error }, `${what} failed`));
  });
}

/** The later of two positions (either may be null), as the API's decimal string. */
export function laterPosition(...positions: (bigint | null | undefined)[]): string | null {
  let latest: bigint | null = null;
  for (const position of positions) if (position != null && (latest === null || position > latest)) latest = position;
  return latest === null ? null : latest.toString();
}

export function accessTokenFor(deps: CommandApiDeps, user: { userId: string; role: UserRole; credentialsVersion: number }, sessionId: string): string {
  return signAccessToken(
    { sub: user.userId, sid: sessionId, role: user.role, ver: user.credentialsVersion },
    deps.config.jwtSecret,
    Math.floor(deps.clock().getTime() / 1000),
  );
}

export interface StartedSession {
  sessionId: string;
  refreshToken: string;
  position: bigint | null;
}

/** Appends a new auth-session stream for the user and returns its first refresh token. */
export async function startSession(
  deps: CommandApiDeps,
  meta: CommandMeta,
  options: { sessionId: string; userId: string; credentialsVersion: number; method: 'password' | 'registration' },
): Promise<StartedSession> {
  const refresh = newRefreshToken(options.sessionId);
  const result = await handleCommand({
    store: deps.store,
    streamId: authSessionStreamId(options.sessionId),
    decider: authSessionDecider,
    meta,
    command: {
      type: 'StartSession',
      sessionId: options.sessionId,
      userId: options.userId,
      refreshTokenHash: refresh.hash,
      credentialsVersion: options.credentialsVersion,
      method: options.method,
      at: meta.at.toISOString(),
    },
  });
  return { sessionId: options.sessionId, refreshToken: refresh.token, position: result.position };
}

/** Ends sessions (already-ended ones change nothing); returns the last position written. */
export async function revokeSessions(
  deps: CommandApiDeps,
  meta: CommandMeta,
  sessionIds: readonly string[],
  reason: AuthSessionRevokeReason,
): Promise<bigint | null> {
  let last: bigint | null = null;
  for (const sessionId of sessionIds) {
    const result = await handleCommand({
      store: deps.store,
      streamId: authSessionStreamId(sessionId),
      decider: authSessionDecider,
      meta,
      command: { type: 'RevokeSession', reason },
    });
    if (result.position !== null) last = result.position;
  }
  return last;
}

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  gradeLevel: number | null;
  role: UserRole;
  source: 'self-registration' | 'demo-seed';
  /** Demo accounts start verified; others get a verification e-mail. */
  preVerified: boolean;
  /** Registration signs the person in; seeding does not. */
  signIn: boolean;
}

export interface RegisteredAccount {
  userId: string;
  record: UserRecord;
  session: StartedSession | null;
  position: bigint | null;
}

/**
 * Reserves the address (`email-{hash}`, expected 'no_stream'), writes the user stream and, when
 * asked, starts a session. A reservation whose user stream was never written (a crash between
 * the two appends) is taken over by the next registration of that address.
 */
export async function registerAccount(deps: CommandApiDeps, baseMeta: CommandMeta, input: NewAccount): Promise<RegisteredAccount> {
  const passwordHash = await hashPassword(input.password);
  let userId: string = randomUUID();
  try {
    await handleCommand({
      store: deps.store,
      streamId: emailStreamId(input.email),
      decider: emailReservationDecider,
      meta: { ...baseMeta, actorId: userId },
      command: { type: 'ReserveEmail', email: input.email, userId },
    });
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'CONFLICT') throw error;
    const reservedFor = await userIdForEmail(deps.store, input.email);
    const existing = reservedFor ? await deps.store.readStream(userStreamId(reservedFor)) : null;
    if (!reservedFor || existing?.exists) throw error;
    userId = reservedFor;
  }
  const meta: CommandMeta = { ...baseMeta, actorId: baseMeta.actorId ?? userId };
  const at = meta.at.toISOString();
  const sessionId = input.signIn ? randomUUID() : null;
  const tokenId = randomUUID();
  const registered = await handleCommand({
    store: deps.store,
    streamId: userStreamId(userId),
    decider: userDecider,
    meta,
    command: {
      type: 'RegisterUser',
      userId,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      gradeLevel: input.gradeLevel,
      role: input.role,
      passwordHash,
      source: input.source,
      verification: input.preVerified
        ? 'pre-verified'
        : {
            tokenId,
            tokenHash: linkToken(deps.config.jwtSecret, userId, 'verify-email', tokenId).hash,
            expiresAt: new Date(meta.at.getTime() + VERIFY_EMAIL_TTL_MS).toISOString(),
            messageId: randomUUID(),
          },
      session: sessionId ? { sessionId, absoluteExpiresAt: sessionExpiry(at).absoluteExpiresAt } : null,
    },
  }).catch((error: unknown) => {
    // Two registrations took over the same abandoned reservation: one wins.
    if (error instanceof DomainError && error.code === 'CONFLICT') throw new DomainError('CONFLICT', MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
    throw error;
  });
  const session = sessionId
    ? await startSession(deps, meta, { sessionId, userId, credentialsVersion: 0, method: 'registration' })
    : null;
  const record = await loadUser(deps.store, userId);
  return { userId, record, session, position: session?.position ?? registered.position };
}
