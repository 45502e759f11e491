import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords, refresh tokens and e-mail link tokens.
 * - Passwords: argon2id with the OWASP parameters (m = 19 MiB, t = 2, p = 1).
 * - Refresh tokens: `{sessionId}.{256 random bits}`, stored only as SHA-256 hashes.
 * - Link tokens (verify e-mail, reset password): `linkToken` in @mathdaily/api-kit (the
 *   projector's mail reactor derives the same token when it sends the message).
 */

// algorithm 2 = Argon2id (the package's const enum cannot be imported under isolatedModules).
const ARGON2 = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** A hash of a random password, verified against when the e-mail is unknown so both answers take as long. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

export { emailStreamId } from '@mathdaily/api-kit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function newRefreshToken(sessionId: string): { token: string; hash: string } {
  const token = `${sessionId}.${randomBytes(32).toString('base64url')}`;
  return { token, hash: sha256Hex(token) };
}

/**
 * The token a refresh token rotates to: `{sessionId}.{HMAC(key, presented)}`. Derived, not random,
 * so a second refresh with the same token inside the grace window (two tabs) can be given the
 * very token the first one got, though only its hash is stored.
 */
export function nextRefreshToken(secret: string, sessionId: string, presented: string): { token: string; hash: string } {
  const key = Buffer.from(hkdfSync('sha256', secret, 'mathdaily', 'refresh token rotation', 32));
  const token = `${sessionId}.${createHmac('sha256', key).update(presented).digest('base64url')}`;
  return { token, hash: sha256Hex(token) };
}

/** The session id a refresh token names, or null for anything malformed. */
export function sessionIdOfRefreshToken(token: string): string | null {
  const match = /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match && UUID.test(match[1]!) ? match[1]! : null;
}

/** The user id a link token names, or null for anything malformed. */
export function userIdOfLinkToken(token: string): string | null {
  const match = /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/.exec(token.trim());
  return match && UUID.test(match[1]!) ? match[1]! : null;
}
