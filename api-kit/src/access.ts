import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '@mathdaily/domain';
import { verifyAccessToken, type AccessTokenClaims } from './tokens.ts';

export type Role = 'student' | 'tutor' | 'admin' | 'parent';
export const ROLES: readonly Role[] = ['student', 'tutor', 'admin', 'parent'];

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

/** Loads the caller's current role and checks the session is live; null when the token no longer counts. */
export type PrincipalLoader = (claims: AccessTokenClaims) => Promise<Principal | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
export const NOT_PERMITTED = 'You do not have permission to do that.';

/** Routes that the framework adds (API docs, static files) and that carry no business data. */
const frameworkRoute = (url: string) => url.startsWith('/api/docs') || !url.startsWith('/api/');

export function registerAccessControl(app: FastifyInstance, options: { jwtSecret: string; loadPrincipal: PrincipalLoader }) {
  app.decorateRequest('principal', null);
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
      if (header) request.principal = await principalFrom(request, options).catch(() => null);
      return;
    }
    if (!header) throw new DomainError('UNAUTHORIZED', SIGN_IN_REQUIRED);
    const principal = await principalFrom(request, options);
    request.principal = principal;
    if (access !== 'authenticated' && !access.includes(principal.role)) {
      throw new DomainError('FORBIDDEN', NOT_PERMITTED);
    }
  });
}

async function principalFrom(request: FastifyRequest, options: { jwtSecret: string; loadPrincipal: PrincipalLoader }): Promise<Principal> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw new DomainError('UNAUTHORIZED', SIGN_IN_REQUIRED);
  const claims = verifyAccessToken(match[1], options.jwtSecret);
  if (!claims) throw new DomainError('UNAUTHORIZED', SESSION_EXPIRED);
  const principal = await options.loadPrincipal(claims);
  if (!principal) throw new DomainError('UNAUTHORIZED', SESSION_EXPIRED);
  return principal;
}

/** The signed-in caller; only for routes whose access is not 'public'. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new DomainError('UNAUTHORIZED', SIGN_IN_REQUIRED);
  return request.principal;
}
