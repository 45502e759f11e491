import { createHash } from 'node:crypto';

/**
 * `email-{sha256(lower-case email)}`: the stream that reserves an address (accounts decider). The
 * command side registers and signs in by it; the erasure reactor releases it.
 */
export const emailStreamId = (email: string): string => `email-${createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex')}`;
