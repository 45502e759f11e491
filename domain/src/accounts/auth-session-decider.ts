import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { AuthSessionEvent, AuthSessionRevokeReason } from './events.ts';

/**
 * The `auth-session-{id}` stream: one signed-in device. The refresh token rotates on every use;
 * presenting a token that was already rotated away means it leaked, so the whole session ends —
 * except the token rotated last, within `REFRESH_GRACE_MS`: two tabs refreshing at once present
 * the same token, and the second gets the same new token as the first (the API derives the next
 * token from the presented one, so it can hand it out again without storing it).
 * Refresh tokens are known here only by their SHA-256 hashes.
 */

/** How long the token rotated last still yields the token it was rotated to. */
export const REFRESH_GRACE_MS = 20_000;

const SESSION_TTL = {
  /** A session unused for this long ends. */
  idleMs: 7 * 24 * 60 * 60 * 1000,
  /** A session ends this long after sign-in, however active. */
  absoluteMs: 30 * 24 * 60 * 60 * 1000,
} as const;

export const SESSION_MESSAGES = {
  expired: 'Your session has expired. Please sign in again.',
  reused: 'This session was ended because an old sign-in token was used again. Please sign in again.',
  alreadyStarted: 'This session already exists.',
} as const;

export interface AuthSessionState {
  status: 'none' | 'active' | 'revoked';
  sessionId: string;
  userId: string;
  currentTokenHash: string;
  rotatedTokenHashes: string[];
  /** The last rotation: which token it retired and when (null before any, or for old events without a time). */
  lastRotation: { previousTokenHash: string; at: string } | null;
  credentialsVersion: number;
  idleExpiresAt: string;
  absoluteExpiresAt: string;
  revokedReason: AuthSessionRevokeReason | null;
}

export type AuthSessionCommand =
  | {
      type: 'StartSession';
      sessionId: string;
      userId: string;
      refreshTokenHash: string;
      credentialsVersion: number;
      method: 'password' | 'registration';
      at: string;
    }
  | {
      type: 'RefreshSession';
      presentedTokenHash: string;
      newTokenHash: string;
      at: string;
      /** The user's current credentials, from the user stream. */
      user: { exists: boolean; credentialsVersion: number; keptSessionId: string | null };
    }
  | {
      type: 'RevokeSession';
      reason: AuthSessionRevokeReason;
      /** For sign-out: the refresh token presented; a token the session never issued changes nothing. */
      presentedTokenHash?: string;
    };

const addMs = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString();
const minIso = (a: string, b: string) => (Date.parse(a) <= Date.parse(b) ? a : b);

/** The expiries of a session started at `at`. */
export function sessionExpiry(at: string): { idleExpiresAt: string; absoluteExpiresAt: string } {
  const absoluteExpiresAt = addMs(at, SESSION_TTL.absoluteMs);
  return { idleExpiresAt: minIso(addMs(at, SESSION_TTL.idleMs), absoluteExpiresAt), absoluteExpiresAt };
}

/** A session is usable at `at` when active and within its idle and absolute lifetimes. */
export function sessionIsLive(state: AuthSessionState, at: string): boolean {
  const now = Date.parse(at);
  return state.status === 'active' && now < Date.parse(state.idleExpiresAt) && now < Date.parse(state.absoluteExpiresAt);
}

/**
 * Whether the session still counts after the user's password changes: sessions that started
 * (or were last refreshed) with the current credentials, or the one the change was made from.
 */
function sessionMatchesCredentials(state: AuthSessionState, user: { credentialsVersion: number; keptSessionId: string | null }): boolean {
  return state.credentialsVersion === user.credentialsVersion || state.sessionId === user.keptSessionId;
}

/**
 * The token rotated last, presented again soon after, asking for the very token it was rotated
 * to. Trade-off: within the window a copy of that token yields the same pair the owner holds
 * (nothing newer); after it, the copy ends the session as before.
 */
function withinGrace(state: AuthSessionState, command: { presentedTokenHash: string; newTokenHash: string; at: string }): boolean {
  const last = state.lastRotation;
  return (
    last !== null &&
    last.previousTokenHash === command.presentedTokenHash &&
    command.newTokenHash === state.currentTokenHash &&
    Date.parse(command.at) - Date.parse(last.at) <= REFRESH_GRACE_MS
  );
}

export const authSessionDecider: Decider<AuthSessionState, AuthSessionCommand, AuthSessionEvent> = {
  initialState: () => ({
    status: 'none',
    sessionId: '',
    userId: '',
    currentTokenHash: '',
    rotatedTokenHashes: [],
    lastRotation: null,
    credentialsVersion: 0,
    idleExpiresAt: '',
    absoluteExpiresAt: '',
    revokedReason: null,
  }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'AuthSessionStarted':
        return {
          ...state,
          status: 'active',
          sessionId: event.data.sessionId,
          userId: event.data.userId,
          currentTokenHash: event.data.refreshTokenHash,
          credentialsVersion: event.data.credentialsVersion,
          idleExpiresAt: event.data.idleExpiresAt,
          absoluteExpiresAt: event.data.absoluteExpiresAt,
        };
      case 'AuthSessionRefreshed':
        return {
          ...state,
          currentTokenHash: event.data.refreshTokenHash,
          rotatedTokenHashes: [...state.rotatedTokenHashes, event.data.previousTokenHash],
          lastRotation: event.data.refreshedAt ? { previousTokenHash: event.data.previousTokenHash, at: event.data.refreshedAt } : null,
          credentialsVersion: event.data.credentialsVersion,
          idleExpiresAt: event.data.idleExpiresAt,
        };
      case 'AuthSessionRevoked':
        return { ...state, status: 'revoked', revokedReason: event.data.reason };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'StartSession': {
        if (state.status !== 'none') throw new DomainError('CONFLICT', SESSION_MESSAGES.alreadyStarted);
        const { idleExpiresAt, absoluteExpiresAt } = sessionExpiry(command.at);
        return [
          {
            type: 'AuthSessionStarted',
            data: {
              sessionId: command.sessionId,
              userId: command.userId,
              refreshTokenHash: command.refreshTokenHash,
              credentialsVersion: command.credentialsVersion,
              idleExpiresAt,
              absoluteExpiresAt,
              method: command.method,
            },
          },
        ];
      }
      case 'RefreshSession': {
        if (state.status === 'none' || state.status === 'revoked') throw new DomainError('UNAUTHORIZED', SESSION_MESSAGES.expired);
        if (withinGrace(state, command)) {
          if (!sessionIsLive(state, command.at)) throw new DomainError('UNAUTHORIZED', SESSION_MESSAGES.expired);
          // Already rotated to the token the caller will be given again: nothing new to record.
          return [];
        }
        if (state.rotatedTokenHashes.includes(command.presentedTokenHash)) {
          // Reuse of a rotated token: someone else holds a copy. End the session for everyone.
          return [{ type: 'AuthSessionRevoked', data: { sessionId: state.sessionId, userId: state.userId, reason: 'refresh-token-reuse' } }];
        }
        if (command.presentedTokenHash !== state.currentTokenHash) throw new DomainError('UNAUTHORIZED', SESSION_MESSAGES.expired);
        if (!sessionIsLive(state, command.at)) throw new DomainError('UNAUTHORIZED', SESSION_MESSAGES.expired);
        if (!command.user.exists || !sessionMatchesCredentials(state, command.user)) throw new DomainError('UNAUTHORIZED', SESSION_MESSAGES.expired);
        return [
          {
            type: 'AuthSessionRefreshed',
            data: {
              sessionId: state.sessionId,
              userId: state.userId,
              previousTokenHash: state.currentTokenHash,
              refreshTokenHash: command.newTokenHash,
              credentialsVersion: command.user.credentialsVersion,
              idleExpiresAt: minIso(addMs(command.at, SESSION_TTL.idleMs), state.absoluteExpiresAt),
              refreshedAt: command.at,
            },
          },
        ];
      }
      case 'RevokeSession': {
        if (state.status !== 'active') return [];
        if (
          command.presentedTokenHash !== undefined &&
          command.presentedTokenHash !== state.currentTokenHash &&
          !state.rotatedTokenHashes.includes(command.presentedTokenHash)
        ) {
          return [];
        }
        return [{ type: 'AuthSessionRevoked', data: { sessionId: state.sessionId, userId: state.userId, reason: command.reason } }];
      }
    }
  },
};
