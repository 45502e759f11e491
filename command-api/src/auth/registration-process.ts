import { randomUUID } from 'node:crypto';
import { linkToken } from '@mathdaily/api-kit';
import { DomainError, emailReservationDecider, MESSAGES, sessionExpiry, userStreamId, type UserRole } from '@mathdaily/domain';
import type { CommandApiDeps } from '../deps.ts';
import { handleCommand, type CommandMeta } from '../pipeline/handle-command.ts';
import { emailStreamId, hashPassword } from './secrets.ts';
import { startSession, type StartedSession } from './sessions.ts';
import { handleUserCommand, loadUser, userIdForEmail, type UserRecord, VERIFY_EMAIL_TTL_MS } from './user-records.ts';

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
 * The registration process, one step per stream: reserve the address (`email-{hash}`, expected
 * 'no_stream') → register the user (`user-{id}`) → start a session when asked. Each step's events
 * name the previous step's event as their cause, all share the request's correlation id. A
 * reservation whose user stream was never written (a crash between the steps) is taken over by
 * the next registration of that address, so the process cannot be left half-done for good.
 */
export async function registerAccount(deps: CommandApiDeps, baseMeta: CommandMeta, input: NewAccount): Promise<RegisteredAccount> {
  const passwordHash = await hashPassword(input.password);
  let userId: string = randomUUID();
  let reservationEvent: string | undefined;
  try {
    const reserved = await handleCommand({
      store: deps.store,
      streamId: emailStreamId(input.email),
      decider: emailReservationDecider,
      meta: { ...baseMeta, actorId: userId },
      command: { type: 'ReserveEmail', email: input.email, userId },
    });
    reservationEvent = reserved.eventIds[0];
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'CONFLICT') throw error;
    const reservedFor = await userIdForEmail(deps.store, input.email);
    const existing = reservedFor ? await deps.store.readStream(userStreamId(reservedFor)) : null;
    if (!reservedFor || existing?.exists) throw error;
    userId = reservedFor;
  }
  const meta: CommandMeta = { ...baseMeta, actorId: baseMeta.actorId ?? userId, causationId: reservationEvent ?? baseMeta.causationId };
  const at = meta.at.toISOString();
  const sessionId = input.signIn ? randomUUID() : null;
  const tokenId = randomUUID();
  const registered = await handleUserCommand(deps.store, userId, meta, {
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
  }).catch((error: unknown) => {
    // Two registrations took over the same abandoned reservation: one wins.
    if (error instanceof DomainError && error.code === 'CONFLICT') throw new DomainError('CONFLICT', MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
    throw error;
  });
  const session = sessionId
    ? await startSession(deps, { ...meta, causationId: registered.eventIds[0] ?? meta.causationId }, { sessionId, userId, credentialsVersion: 0, method: 'registration' })
    : null;
  const record = await loadUser(deps.store, userId);
  return { userId, record, session, position: session?.position ?? registered.position };
}
