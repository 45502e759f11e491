import { z } from 'zod';

export const contactRequestedSchema = z.object({
  requestId: z.string().uuid(),
  source: z.enum(['contact', 'help']),
  name: z.string().min(1).max(100),
  email: z.string().max(254),
  organization: z.string().max(200).nullable(),
  plan: z.string().nullable(),
  subject: z.string().nullable(),
  message: z.string().min(1).max(5000),
});

export const contactEventSchemas = {
  ContactRequested: contactRequestedSchema,
};

export type ContactRequested = { type: 'ContactRequested'; data: z.infer<typeof contactRequestedSchema> };
