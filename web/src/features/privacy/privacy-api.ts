import { api } from '../../api/client.ts';

/** Downloads everything MathDaily keeps about a person as one ZIP (theirs, their child's, or an admin's request). */
export async function downloadPersonalData(userId: string, fileName: string): Promise<void> {
  const blob = await api.download(`/api/privacy/export/${userId}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download by now; the object URL can go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name a person recognises: mathdaily-data-ada-2026-05-04.zip. */
export function dataFileName(firstName: string, today = new Date()): string {
  const name = firstName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'account';
  return `mathdaily-data-${name}-${today.toISOString().slice(0, 10)}.zip`;
}
