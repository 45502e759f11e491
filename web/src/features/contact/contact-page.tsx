import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  CONTACT_LIMITS,
  CONTACT_PLANS,
  CONTACT_PLAN_LABELS,
  CONTACT_PROMISE,
  DEFAULT_CONTACT_PLAN,
  TRIAL,
  contactFormSchema,
} from '@mathdaily/domain';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { Icon, type IconName } from '../public-site/icons.tsx';
import { PublicLayout } from '../public-site/public-layout.tsx';
import { SUPPORT_EMAIL } from '../public-site/site-links.ts';
import { FormField } from './form-field.tsx';
import { MessageField, MessageFormError, MessageSent, NameAndEmailFields, SendMessageButton } from './message-form-parts.tsx';
import { useMessageForm } from './use-message-form.ts';
import './contact.css';

/** SPEC §2 Contact: name, email, organization, plan (school by default) and message, stored as a ContactRequested event. */
export function ContactPage() {
  useDocumentTitle('Contact Sales');
  const form = useMessageForm({
    source: 'contact',
    schema: contactFormSchema,
    initial: { name: '', email: '', organization: '', plan: DEFAULT_CONTACT_PLAN as string, message: '' },
  });
  const { values, errors, status } = form;

  return (
    <PublicLayout page="contact">
      <div className="contact-page">
        <section className="contact-intro" aria-labelledby="contact-title">
          <p className="eyebrow">Contact Sales</p>
          <h1 id="contact-title">Let’s find the right plan for you</h1>
          <p className="contact-lead">
            Bringing MathDaily to a school, a tutoring group or your family? Tell us what you need and a member of our team will reply.
          </p>
          <ul className="contact-facts">
            <ContactFact icon="clock" title={<>Reply within {CONTACT_PROMISE.replyWithinHours} hours</>}>
              <span>
                Our team is available <span className="no-break">{CONTACT_PROMISE.hours}</span>.
              </span>
            </ContactFact>
            <ContactFact icon="mail" title="Prefer email?">
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </ContactFact>
            <ContactFact icon="gift" title="Just want to try it?">
              <span>
                Every plan starts with a {TRIAL.days}-day free trial, no credit card required. <Link to="/pricing">See pricing</Link>
              </span>
            </ContactFact>
            {/* Help & Support is a signed-in page (SPEC §2): members are pointed there for account and practice questions. */}
            <ContactFact icon="bulb" title="Already a member?">
              <span>
                <Link to="/login">Sign in</Link> and open Help &amp; Support from your menu for answers and a support form.
              </span>
            </ContactFact>
          </ul>
        </section>

        <section className="card contact-card" aria-labelledby="contact-form-title">
          {status === 'sent' ? (
            <MessageSent heading={<h2 id="contact-form-title">Message sent</h2>} onReset={form.reset} />
          ) : (
            <form className="message-form" noValidate onSubmit={(event) => void form.onSubmit(event)} ref={form.formRef}>
              <h2 id="contact-form-title">Send us a message</h2>
              <MessageFormError error={form.formError} />
              <NameAndEmailFields form={form} idPrefix="contact" className="contact-row" />
              <div className="contact-row">
                <FormField id="contact-organization" label="Organization" optional error={errors.organization}>
                  {(props) => (
                    <input
                      {...props}
                      type="text"
                      name="organization"
                      autoComplete="organization"
                      maxLength={CONTACT_LIMITS.organization}
                      value={values.organization}
                      onChange={(event) => form.setValue('organization', event.target.value)}
                    />
                  )}
                </FormField>
                <FormField id="contact-plan" label="Plan you’re interested in" error={errors.plan}>
                  {(props) => (
                    <select {...props} name="plan" value={values.plan} onChange={(event) => form.setValue('plan', event.target.value)}>
                      {CONTACT_PLANS.map((plan) => (
                        <option key={plan} value={plan}>
                          {CONTACT_PLAN_LABELS[plan]}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
              </div>
              <MessageField form={form} id="contact-message" rows={6} placeholder="How many students, which grades, and anything else we should know" />
              <SendMessageButton sending={status === 'sending'} />
              <p className="contact-note">
                We use your details only to answer this message. See our <Link to="/privacy">Privacy Policy</Link>.
              </p>
            </form>
          )}
        </section>
      </div>
    </PublicLayout>
  );
}

/** One of the facts beside the form: an icon, a bold line, then the detail. */
function ContactFact({ icon, title, children }: { icon: IconName; title: ReactNode; children: ReactNode }) {
  return (
    <li>
      <span className="contact-fact-icon">
        <Icon name={icon} />
      </span>
      <span>
        <strong>{title}</strong>
        {children}
      </span>
    </li>
  );
}
