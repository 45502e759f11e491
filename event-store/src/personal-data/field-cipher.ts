import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * One personal field, sealed: AES-256-GCM with the key of the person it is about. In the stored
 * event the field holds `{ sealed: 'v1.<keyId>.<base64url(iv | ciphertext | tag)>' }`, an object
 * where the schema has a string, so it can never be mistaken for text a person typed. The key id
 * (random, one per owner and purpose) is all it says in the clear.
 */
export interface SealedValue {
  sealed: string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const AAD = Buffer.from('mathdaily personal data v1');

export function isSealed(value: unknown): value is SealedValue {
  return typeof value === 'object' && value !== null && typeof (value as SealedValue).sealed === 'string' && Object.keys(value).length === 1;
}

/** The key id a sealed value names, or null when it is not a sealed value of a version we know. */
export function keyIdOf(value: SealedValue): string | null {
  const [version, keyId] = value.sealed.split('.', 2);
  return version === VERSION && keyId ? keyId : null;
}

export function seal(key: Buffer, keyId: string, value: unknown): SealedValue {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(AAD);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return { sealed: `${VERSION}.${keyId}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}` };
}

/** The value sealed with this key; throws when the value was tampered with or sealed with another key. */
export function open(key: Buffer, value: SealedValue): unknown {
  const packed = Buffer.from(value.sealed.slice(value.sealed.indexOf('.', VERSION.length + 1) + 1), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, packed.subarray(0, IV_BYTES));
  decipher.setAAD(AAD);
  decipher.setAuthTag(packed.subarray(packed.length - TAG_BYTES));
  const text = Buffer.concat([decipher.update(packed.subarray(IV_BYTES, packed.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  return JSON.parse(text) as unknown;
}
