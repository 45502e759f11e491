import type { FieldErrors } from './validation.ts';

/** SPEC §8: one field error is 'Form error: …', several are 'Form has N errors: …'. */
export function fieldErrorsAnnouncement(errors: FieldErrors): string {
  const messages = Object.values(errors);
  if (messages.length === 1) return `Form error: ${messages[0]}`;
  return `Form has ${messages.length} errors: ${messages.join('; ')}`;
}
