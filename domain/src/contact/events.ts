import { z } from 'zod';
import { ERASED_TEXT, personal } from '../events/personal.ts';
import { CONTACT_LIMITS, CONTACT_PLANS, CONTACT_SOURCES, HELP_SUBJECTS } from './contact-form.ts';

/** A contact-sales or help form submission (stream `contact-{requestId}`). */
const contactRequestedSchema = z.object({
  requestId: z.string().uuid(),
  source: z.enum(CONTACT_SOURCES),
  // What the sender wrote about themselves is theirs: sealed (docs/personal-data.md).
  name: personal(z.string().min(1).max(CONTACT_LIMITS.name), ERASED_TEXT),
  email: personal(z.string().min(3).max(CONTACT_LIMITS.email), ERASED_TEXT),
  organization: personal(z.string().max(CONTACT_LIMITS.organization), ERASED_TEXT).nullable(),
  /** Contact form only (school by default); null for help requests. */
  plan: z.enum(CONTACT_PLANS).nullable(),
  /** Help form only; null for contact requests. */
  subject: z.enum(HELP_SUBJECTS).nullable(),
  message: personal(z.string().min(1).max(CONTACT_LIMITS.message), ERASED_TEXT),
});

export const contactEventSchemas = {
  ContactRequested: contactRequestedSchema,
};

export type ContactRequested = { type: 'ContactRequested'; data: z.infer<typeof contactRequestedSchema> };
