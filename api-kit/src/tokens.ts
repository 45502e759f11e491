import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Role } from './access.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessTokenClaims {
  sub: string; // user id
  sid: string; // auth session id
  role: Role; // informative only: the current role is always loaded per request
  ver: number; // credentials version: bumps on password change, so older tokens stop working
}

const keys = new Map<string, KeyObject>();

/**
 * The secret as a KeyObject, made once per secret. Given a string, jsonwebtoken first tries it as
 * a PEM key (createPublicKey / createPrivateKey, which throw) on every call: 9.5% of the CPU of a
 * loaded server went there.
 */
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret))));
  return key;
}

export function signAccessToken(claims: AccessTokenClaims, secret: string, nowSeconds: number): string {
  return jwt.sign({ ...claims, iat: nowSeconds, exp: nowSeconds + ACCESS_TOKEN_TTL_SECONDS }, keyOf(secret), { algorithm: 'HS256' });
}

/**
 * Returns the claims, or null for a token that is malformed, forged, expired or signed another way.
 * `exp` (seconds) lets a long-lived connection end when its token does (the live socket).
 */
export function verifyAccessToken(token: string, secret: string): (AccessTokenClaims & { exp: number }) | null {
  try {
    const payload = jwt.verify(token, keyOf(secret), { algorithms: ['HS256'] });
    if (typeof payload !== 'object' || payload === null) return null;
    const { sub, sid, role, ver, exp } = payload as Record<string, unknown>;
    // jsonwebtoken checks exp only when present; a token that never expires is never ours.
    if (typeof exp !== 'number' || typeof sub !== 'string' || typeof sid !== 'string' || typeof role !== 'string' || typeof ver !== 'number') return null;
    return { sub, sid, role: role as Role, ver, exp };
  } catch {
    return null;
  }
}
