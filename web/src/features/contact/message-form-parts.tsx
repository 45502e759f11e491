import { useEffect, useRef, type ReactNode } from 'react';
import { CONTACT_LIMITS, CONTACT_PROMISE } from '@mathdaily/domain';
import { Icon } from '../public-site/icons.tsx';
import { FormField } from './form-field.tsx';

/** What the parts need of `useMessageForm`: the fields every message form has. */
interface MessageFields {
  values: { name: string; email: string; message: string };
  errors: Record<string, string>;
  setValue: (name: 'name' | 'email' | 'message', value: string) => void;
}

/** The thank-you panel once a message is sent; it takes the focus so a screen reader reads it. */
export function MessageSent({ heading, onReset }: { heading: ReactNode; onReset: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="message-sent" role="status" tabIndex={-1} ref={ref}>
      <span className="message-sent-icon">
        <Icon name="check" size={30} />
      </span>
      {heading}
      <p className="message-sent-text">{CONTACT_PROMISE.thankYou}</p>
      <button type="button" className="button" onClick={onReset}>
        Send another message
      </button>
    </div>
  );
}

export function MessageFormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <div className="alert alert-error" role="alert">
      <p className="alert-title">We couldn’t send your message</p>
      <p>{error}</p>
    </div>
  );
}

/** Name and email side by side (`className` sets the row's layout). */
export function NameAndEmailFields({ form, idPrefix, className }: { form: MessageFields; idPrefix: string; className: string }) {
  return (
    <div className={className}>
      <FormField id={`${idPrefix}-name`} label="Name" error={form.errors.name}>
        {(props) => (
          <input {...props} type="text" name="name" autoComplete="name" maxLength={CONTACT_LIMITS.name} value={form.values.name} onChange={(event) => form.setValue('name', event.target.value)} />
        )}
      </FormField>
      <FormField id={`${idPrefix}-email`} label="Email" error={form.errors.email}>
        {(props) => (
          <input {...props} type="email" name="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} value={form.values.email} onChange={(event) => form.setValue('email', event.target.value)} />
        )}
      </FormField>
    </div>
  );
}

export function MessageField({ form, id, rows, placeholder }: { form: MessageFields; id: string; rows: number; placeholder: string }) {
  return (
    <FormField id={id} label="Message" error={form.errors.message}>
      {(props) => (
        <textarea {...props} name="message" rows={rows} maxLength={CONTACT_LIMITS.message} placeholder={placeholder} value={form.values.message} onChange={(event) => form.setValue('message', event.target.value)} />
      )}
    </FormField>
  );
}

export function SendMessageButton({ sending }: { sending: boolean }) {
  return (
    <button type="submit" className="button primary" disabled={sending}>
      {sending ? 'Sending...' : 'Send Message'}
    </button>
  );
}
