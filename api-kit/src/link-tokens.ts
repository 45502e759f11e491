import { createHash, createHmac, hkdfSync } from 'node:crypto';

/**
 * E-mail link tokens (verify e-mail, reset password): `{userId}.{HMAC(key, purpose:tokenId)}`,
 * the key derived from the server secret. Events keep the token id and the token's SHA-256, never
 * the token: command-api stores the hash, and the projector's mail reactor derives the same token
 * when it sends the message, so both import it from here.
 */
export type LinkPurpose = 'verify-email' | 'reset-password' | 'weekly-summary-opt-out';

function linkKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'mathdaily', 'e-mail link tokens', 32));
}

/** The token of an e-mail link; the same inputs always give the same token. */
export function linkToken(secret: string, userId: string, purpose: LinkPurpose, tokenId: string): { token: string; hash: string } {
  const proof = createHmac('sha256', linkKey(secret)).update(`${purpose}:${tokenId}`).digest('base64url');
  const token = `${userId}.${proof}`;
  return { token, hash: createHash('sha256').update(token, 'utf8').digest('hex') };
}
