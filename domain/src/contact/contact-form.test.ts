import { describe, expect, test } from 'vitest';
import { contactEventSchemas } from './events.ts';
import { contactFormSchema, contactRequestBodySchema, formFieldErrors, helpFormSchema } from './contact-form.ts';

const valid = { name: 'Ada Lovelace', email: 'ada@example.org', message: 'We would like a school licence.' };

describe('contact form', () => {
  test('name, email and message are required; plan defaults to school', () => {
    expect(formFieldErrors(contactFormSchema, { name: ' ', email: '', message: '' })).toEqual({
      name: 'Name is required',
      email: 'Email address is required',
      message: 'Message is required',
    });
    expect(contactFormSchema.parse(valid)).toEqual({ ...valid, plan: 'school' });
    // Left out entirely (the web drops blank fields) reads the same as left empty.
    expect(formFieldErrors(contactFormSchema, {})).toEqual({
      name: 'Name is required',
      email: 'Email address is required',
      message: 'Message is required',
    });
  });

  test('email must be an email address of at most 254 characters', () => {
    expect(formFieldErrors(contactFormSchema, { ...valid, email: 'not-an-email' })).toEqual({ email: 'Please enter a valid email address' });
    expect(formFieldErrors(contactFormSchema, { ...valid, email: `${'a'.repeat(250)}@x.org` })).toEqual({ email: 'Email address is too long' });
    expect(contactFormSchema.parse({ ...valid, email: '  ada@example.org ' }).email).toBe('ada@example.org');
  });

  test('plan is one of student, family, tutor, school, custom', () => {
    for (const plan of ['student', 'family', 'tutor', 'school', 'custom']) expect(contactFormSchema.parse({ ...valid, plan }).plan).toBe(plan);
    expect(formFieldErrors(contactFormSchema, { ...valid, plan: 'enterprise' })).toEqual({ plan: 'Please choose one of the listed plans' });
  });

  test('long messages are refused with the limit in the message', () => {
    expect(formFieldErrors(contactFormSchema, { ...valid, message: 'x'.repeat(5001) })).toEqual({
      message: 'Message is too long (maximum 5000 characters)',
    });
  });

  test('the help form needs a subject', () => {
    expect(formFieldErrors(helpFormSchema, valid)).toEqual({ subject: 'Please choose a subject' });
    expect(formFieldErrors(helpFormSchema, { ...valid, subject: 'bug' })).toEqual({});
  });

  test('the request body tells the two forms apart and reports every field', () => {
    expect(contactRequestBodySchema.parse(valid)).toMatchObject({ source: 'contact' });
    expect(formFieldErrors(contactRequestBodySchema, { ...valid, source: 'help' })).toEqual({ subject: 'Please choose a subject' });
    expect(formFieldErrors(contactRequestBodySchema, { source: 'help', name: '', email: 'x', message: 'hi' })).toMatchObject({
      name: 'Name is required',
      email: 'Please enter a valid email address',
    });
  });

  test('the ContactRequested schema accepts what the forms produce', () => {
    const event = {
      requestId: '3b241101-e2bb-4255-8caf-4136c566a962',
      source: 'contact',
      name: 'Ada',
      email: 'ada@example.org',
      organization: null,
      plan: 'school',
      subject: null,
      message: 'Hello',
    };
    expect(contactEventSchemas.ContactRequested.parse(event)).toEqual(event);
    expect(() => contactEventSchemas.ContactRequested.parse({ ...event, plan: 'gold' })).toThrow();
  });
});
