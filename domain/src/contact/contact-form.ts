import { z } from 'zod';

/**
 * The contact-sales form (SPEC §2 Contact, §5) and the help page's contact form, as one schema
 * that the server validates bodies with and the web checks fields with before sending.
 */

/** DESIGN §7: the contact form's plan choices stay as the contact page has them, school by default. */
export const CONTACT_PLANS = ['student', 'family', 'tutor', 'school', 'custom'] as const;
export type ContactPlan = (typeof CONTACT_PLANS)[number];
export const DEFAULT_CONTACT_PLAN: ContactPlan = 'school';
export const CONTACT_PLAN_LABELS: Record<ContactPlan, string> = {
  student: 'Student',
  family: 'Family',
  tutor: 'Tutor',
  school: 'School',
  custom: 'Custom',
};

export const HELP_SUBJECTS = ['bug', 'feature', 'account', 'technical', 'other'] as const;
export type HelpSubject = (typeof HELP_SUBJECTS)[number];
export const HELP_SUBJECT_LABELS: Record<HelpSubject, string> = {
  bug: 'Report a bug',
  feature: 'Suggest a feature',
  account: 'Account question',
  technical: 'Technical problem',
  other: 'Something else',
};

export const CONTACT_SOURCES = ['contact', 'help'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

export const CONTACT_LIMITS = { name: 100, email: 254, organization: 200, message: 5000 } as const;

/** SPEC §9: the reply promise and office hours shown beside both forms. */
export const CONTACT_PROMISE = {
  thankYou: "Thank you for your message! We'll get back to you within 24 hours.",
  hours: 'Mon-Fri 9-6 EST',
  replyWithinHours: 24,
} as const;

const name = z
  .string('Name is required')
  .trim()
  .min(1, 'Name is required')
  .max(CONTACT_LIMITS.name, `Name is too long (maximum ${CONTACT_LIMITS.name} characters)`);
const email = z
  .string('Email address is required')
  .trim()
  .min(1, 'Email address is required')
  .max(CONTACT_LIMITS.email, 'Email address is too long')
  .pipe(z.email('Please enter a valid email address'));
const organization = z
  .string('Organization must be text')
  .trim()
  .max(CONTACT_LIMITS.organization, `Organization is too long (maximum ${CONTACT_LIMITS.organization} characters)`);
const message = z
  .string('Message is required')
  .trim()
  .min(1, 'Message is required')
  .max(CONTACT_LIMITS.message, `Message is too long (maximum ${CONTACT_LIMITS.message} characters)`);

/** The contact-sales form: name, email and message required; organization optional; plan defaults to school. */
export const contactFormSchema = z.object({
  name,
  email,
  organization: organization.optional(),
  plan: z.enum(CONTACT_PLANS, 'Please choose one of the listed plans').default(DEFAULT_CONTACT_PLAN),
  message,
});

/** The help page's form: a subject is chosen so support can route it. */
export const helpFormSchema = z.object({
  name,
  email,
  subject: z.enum(HELP_SUBJECTS, 'Please choose a subject'),
  message,
});

/**
 * The request body of POST /api/contact-requests: either form, told apart by `source` (default
 * contact). One flat object, so every failing field is reported under its own name.
 */
export const contactRequestBodySchema = z
  .object({
    source: z.enum(CONTACT_SOURCES, 'Unknown form').default('contact'),
    name,
    email,
    organization: organization.optional(),
    plan: z.enum(CONTACT_PLANS, 'Please choose one of the listed plans').optional(),
    subject: z.enum(HELP_SUBJECTS, 'Please choose a subject').optional(),
    message,
  })
  .superRefine((body, context) => {
    if (body.source === 'help' && body.subject === undefined) {
      context.addIssue({ code: 'custom', path: ['subject'], message: 'Please choose a subject' });
    }
  });

/** Field name → first message, for showing next to each field. Empty when the values are valid. */
export function formFieldErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    fields[key] ??= issue.message;
  }
  return fields;
}
