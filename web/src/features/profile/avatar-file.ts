import { MESSAGES } from '@mathdaily/domain/accounts/validation';
import { AVATAR_FILTERS, type AvatarFilter } from '@mathdaily/domain/accounts/avatars';

export { AVATAR_FILTERS, type AvatarFilter };

/** SPEC §5 avatar file rules (tutors and admins upload; students choose predefined ones). */
export const MAX_AVATAR_BYTES = 2_097_152;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
const SIZE_MESSAGE = MESSAGES.avatarTooLarge;
const TYPE_MESSAGE = MESSAGES.avatarTypeNotSupported;
const BASE64_MESSAGE = 'Failed to convert file to base64';

export function avatarFileProblem(file: { size: number; type: string }): string | null {
  if (file.size > MAX_AVATAR_BYTES) return SIZE_MESSAGE;
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return TYPE_MESSAGE;
  return null;
}

/** 'data:image/png;base64,AAAA' → 'AAAA'; null when it is not a base64 data URL. */
export function stripDataUrl(dataUrl: string): string | null {
  const match = /^data:[^;,]+;base64,(.+)$/s.exec(dataUrl);
  return match?.[1] ?? null;
}

/** Reads a file as a data URL (for the preview) and its bare base64 (for the upload). */
export function readAvatarFile(file: Blob): Promise<{ dataUrl: string; base64: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const dataUrl = typeof reader.result === 'string' ? reader.result : '';
      const base64 = stripDataUrl(dataUrl);
      if (base64) resolve({ dataUrl, base64 });
      else reject(new Error(BASE64_MESSAGE));
    };
    reader.onerror = () => reject(new Error(BASE64_MESSAGE));
    reader.readAsDataURL(file);
  });
}

/** Filter buttons use plural names for two categories the API files in the singular. */
export function matchesFilter(category: string, filter: AvatarFilter): boolean {
  const wanted = AVATAR_FILTERS.find((entry) => entry.id === filter)?.category ?? null;
  return wanted === null || category === wanted;
}
