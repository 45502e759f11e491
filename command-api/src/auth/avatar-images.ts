import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { DomainError, MESSAGES } from '@mathdaily/domain';

/**
 * Uploaded avatars: the type is decided by the file's first bytes (not the declared type), the
 * image is decoded and re-encoded (which drops EXIF, GPS and every other metadata) at most
 * 512×512, and stored (deps.uploads: PostgreSQL) under an unguessable name; the query API serves
 * it at /api/avatars/uploads/{file}.
 */

const AVATAR_MAX_BYTES = 2_097_152;
const AVATAR_MAX_SIDE = 512;
export const AVATAR_URL_PREFIX = '/api/avatars/uploads/';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif';

const EXTENSIONS: Record<ImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif' };

export const AVATAR_MESSAGES = {
  missing: 'Please choose an image to upload.',
  notBase64: 'The file must be sent as base64 (without a data: prefix).',
  unreadable: 'The image could not be read. Please choose another JPEG, PNG, or GIF file.',
  tooManyPixels: 'The image is too large in pixels. Please choose a smaller picture.',
} as const;

/** The image type named by the file's magic bytes, or null. */
function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  return null;
}

/** Decodes the base64 payload (a `data:…;base64,` prefix is tolerated), enforcing the 2 MB limit on the decoded size. */
export function decodeBase64File(file: string): Buffer {
  const payload = file.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '');
  if (payload.length === 0) throw new DomainError('VALIDATION_FAILED', AVATAR_MESSAGES.missing, { file: AVATAR_MESSAGES.missing });
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(payload) || payload.length % 4 === 1) {
    throw new DomainError('VALIDATION_FAILED', AVATAR_MESSAGES.notBase64, { file: AVATAR_MESSAGES.notBase64 });
  }
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  const decodedSize = Math.floor((payload.length * 3) / 4) - padding;
  if (decodedSize > AVATAR_MAX_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', MESSAGES.avatarTooLarge, { file: MESSAGES.avatarTooLarge });
  return Buffer.from(payload, 'base64');
}

export interface ProcessedAvatar {
  type: ImageType;
  data: Buffer;
  width: number;
  height: number;
}

/** Checks the bytes and re-encodes the picture without any metadata. */
export async function processAvatar(bytes: Buffer): Promise<ProcessedAvatar> {
  if (bytes.length > AVATAR_MAX_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', MESSAGES.avatarTooLarge, { file: MESSAGES.avatarTooLarge });
  const type = sniffImageType(bytes);
  if (!type) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.avatarTypeNotSupported, { file: MESSAGES.avatarTypeNotSupported });
  try {
    let pipeline = sharp(bytes, { animated: type === 'image/gif', limitInputPixels: 40_000_000, failOn: 'error' });
    if (type === 'image/jpeg') pipeline = pipeline.rotate(); // apply the EXIF orientation before EXIF goes
    pipeline = pipeline.resize({ width: AVATAR_MAX_SIDE, height: AVATAR_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    pipeline =
      type === 'image/jpeg' ? pipeline.jpeg({ quality: 85, mozjpeg: true }) : type === 'image/png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.gif();
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { type, data, width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    const message = error instanceof Error && /pixel limit/i.test(error.message) ? AVATAR_MESSAGES.tooManyPixels : AVATAR_MESSAGES.unreadable;
    throw new DomainError('VALIDATION_FAILED', message, { file: message });
  }
}

/** An upload's name: its owner (for erasure) and a random part; never reused. */
export function avatarFileName(userId: string, type: ImageType): string {
  return `${userId}-${randomUUID()}.${EXTENSIONS[type]}`;
}
