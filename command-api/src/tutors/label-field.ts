import { z } from 'zod';
import { hasHiddenControls, hasVisibleText, PLAIN_TEXT_MESSAGES } from '@mathdaily/domain';

/**
 * A name a tutor gives (a class's, a question set's): trimmed, 1 to `max` characters with
 * something visible and no hidden controls; `message` for every fault but the controls.
 */
export const labelField = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, message)
    .refine(hasVisibleText, message)
    .refine((label) => !hasHiddenControls(label), PLAIN_TEXT_MESSAGES.controls);
