import { z } from 'zod';
import { CONTACT_LIMITS, CONTACT_PLANS, CONTACT_SOURCES, HELP_SUBJECTS } from './contact-form.ts';

/** A contact-sales or help form submission (stream `contact-{requestId}`). */
export const contactRequestedSchema = z.object({
  requestId: z.string().uuid(),
  source: z.enum(CONTACT_SOURCES),
  name: z.string().min(1).max(CONTACT_LIMITS.name),
  email: z.string().min(3).max(CONTACT_LIMITS.email),
  organization: z.string().max(CONTACT_LIMITS.organization).nullable(),
  /** Contact form only (school by default); null for help requests. */
  plan: z.enum(CONTACT_PLANS).nullable(),
  /** Help form only; null for contact requests. */
  subject: z.enum(HELP_SUBJECTS).nullable(),
  message: z.string().min(1).max(CONTACT_LIMITS.message),
});

export const contactEventSchemas = {
  ContactRequested: contactRequestedSchema,
};

export type ContactRequested = { type: 'ContactRequested'; data: z.infer<typeof contactRequestedSchema> };
