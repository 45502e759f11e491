import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '@mathdaily/domain';
import { verifyAccessToken, type AccessTokenClaims } from './tokens.ts';

export type Role = 'student' | 'tutor' | 'admin' | 'parent';

/**
 * Every route declares who may call it; a route without a declaration fails at start-up
 * (and so in the role × route test). 'public' needs no token; 'authenticated' any signed-in
 * user; a list of roles only those roles.
 */
export type Access = 'public' | 'authenticated' | readonly Role[];

export interface Principal {
  userId: string;
  role: Role;
  sessionId: string;
}

/** A stream the principal was built from, at the version it saw. */
interface PrincipalStream {
  streamId: string;
  version: number;
}

/** The principal as the loader's cache has it, without reading: null when the cache says the token no longer counts. */
export interface CachedPrincipal {
  principal: Principal | null;
  streams: readonly PrincipalStream[];
}

/**
 * Loads the caller's current role and checks the session is live; null when the token no longer
 * counts. `fromCache` (optional) answers from the states already in memory, undefined when they
 * are not there.
 */
export type PrincipalLoader = ((claims: AccessTokenClaims) => Promise<Principal | null>) & {
  fromCache?: (claims: AccessTokenClaims) => CachedPrincipal | undefined;
};

/**
 * A principal taken from the cache and not yet confirmed (routes with `config.principalCheckedOnAppend`).
 * The command's append confirms it by depending on `streams` (the append is refused once one moved
 * on: a sign-out, a password or role change); anything else the request answers waits for
 * `verify()`, which reads the principal again.
 */
export interface PrincipalCheck {
  readonly streams: readonly PrincipalStream[];
  readonly pending: boolean;
  /** An append that depended on `streams` went through: the principal held when it committed. */
  confirm(): void;
  /** Reads the principal again: rejects with 401 / 403 when it no longer allows the request, else confirms it with fresh streams. */
  verify(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route's only effect is an append through handleCommand, which it passes
     * `principalCheckOf(request)`: the principal is then taken from the cache without a read and
     * confirmed by the append itself (docs/command-path.md).
     */
    principalCheckedOnAppend?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
    principalCheck: PrincipalCheck | null;
  }
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
export const NOT_PERMITTED = 'You do not have permission to do that.';

/** Routes that the framework adds (API docs, static files) and that carry no business data. */
const frameworkRoute = (url: string) => url.startsWith('/api/docs') || !url.startsWith('/api/');

export function registerAccessControl(app: FastifyInstance, options: { jwtSecret: string; loadPrincipal: PrincipalLoader }) {
  app.decorateRequest('principal', null);
  app.decorateRequest('principalCheck', null);
  app.addHook('onRoute', (route) => {
    if (route.config?.access === undefined && !frameworkRoute(route.url)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule (config.access)`);
    }
  });
  // preValidation: the guard answers before the body is validated, so a caller without access
  // learns nothing about a route's input (and gets 401/403, never a validation 400).
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) return;
    const header = request.headers.authorization;
    if (access === 'public') {
      // A public route still knows who is calling when a valid token is sent (e.g. logout).
      if (header) {
        try {
          request.principal = await confirmedPrincipal(options.loadPrincipal, claimsFrom(request, options.jwtSecret), 'authenticated');
        } catch {
          request.principal = null;
        }
      }
      return;
    }
    if (!header) throw new DomainError('UNAUTHORIZED', SIGN_IN_REQUIRED);
    const claims = claimsFrom(request, options.jwtSecret);
    const cached = request.routeOptions.config.principalCheckedOnAppend ? options.loadPrincipal.fromCache?.(claims) : undefined;
    // Only a cached principal that the route allows goes unconfirmed; any refusal is answered on a fresh read.
    if (!cached?.principal || !allows(access, cached.principal)) {
      request.principal = await confirmedPrincipal(options.loadPrincipal, claims, access);
      return;
    }
    request.principal = cached.principal;
    request.principalCheck = principalCheck(request, cached.streams, async () => {
      request.principal = await confirmedPrincipal(options.loadPrincipal, claims, access);
      return options.loadPrincipal.fromCache?.(claims)?.streams ?? [];
    });
  });
  // Nothing leaves a route whose principal is still unconfirmed (an answer that appended nothing, a
  // stored answer replayed for an Idempotency-Key): onSend sees every payload, serialized or not.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.principalCheck?.pending) await request.principalCheck.verify();
    return payload;
  });
}

const allows = (access: Exclude<Access, 'public'>, principal: Principal) => access === 'authenticated' || access.includes(principal.role);

/** The principal read now, allowed by the route's access rule (401 / 403 otherwise). */
async function confirmedPrincipal(loadPrincipal: PrincipalLoader, claims: AccessTokenClaims, access: Exclude<Access, 'public'>): Promise<Principal> {
  const principal = await loadPrincipal(claims);
  if (!principal) throw new DomainError('UNAUTHORIZED', SESSION_EXPIRED);
  if (!allows(access, principal)) throw new DomainError('FORBIDDEN', NOT_PERMITTED);
  return principal;
}

function principalCheck(request: FastifyRequest, streams: readonly PrincipalStream[], read: () => Promise<readonly PrincipalStream[]>): PrincipalCheck {
  let current = streams;
  let pending = true;
  let verifying: Promise<void> | undefined;
  return {
    get streams() {
      return current;
    },
    get pending() {
      return pending;
    },
    confirm() {
      pending = false;
    },
    verify() {
      // One read however often it is asked for; a refusal stands for the rest of the request.
      verifying ??= read().then(
        (fresh) => {
          current = fresh;
          pending = false;
        },
        (error: unknown) => {
          pending = false;
          request.principal = null;
          throw error;
        },
      );
      return verifying;
    },
  };
}

/** The request's unconfirmed principal, for handleCommand to confirm with its append; null when it was read already. */
export function principalCheckOf(request: FastifyRequest): PrincipalCheck | null {
  return request.principalCheck?.pending ? request.principalCheck : null;
}

function claimsFrom(request: FastifyRequest, jwtSecret: string): AccessTokenClaims {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw new DomainError('UNAUTHORIZED', SIGN_IN_REQUIRED);
  const claims = verifyAccessToken(match[1], jwtSecret);
  if (!claims) throw new DomainError('UNAUTHORIZED', SESSION_EXPIRED);
  return claims;
}

/** The signed-in caller; only for routes whose access is not 'public'. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new DomainError('UNAUTHORIZED', SIGN_IN_REQUIRED);
  return request.principal;
}
