import { useRef, useState, type FormEvent } from 'react';
import { formFieldErrors, type ContactSource } from '@mathdaily/domain';
import type { z } from 'zod';
import { api, ApiError, errorMessage } from '../../api/client.ts';
import { announce } from '../../components/announcer.tsx';

type Values = Record<string, string>;

/**
 * A contact or help form: checks the fields with the same schema the server uses, sends them to
 * POST /api/contact-requests, and shows the server's field errors next to the fields when it refuses.
 */
export function useMessageForm<V extends Values>(options: { source: ContactSource; schema: z.ZodType; initial: V }) {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const formRef = useRef<HTMLFormElement>(null);

  const showErrors = (fields: Record<string, string>) => {
    setErrors(fields);
    const messages = Object.values(fields);
    announce(messages.length === 1 ? `Form error: ${messages[0]}` : `Form has ${messages.length} errors: ${messages.join('. ')}`, 'assertive');
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const setValue = (name: keyof V & string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _removed, ...rest }) => rest);
    setFormError(null);
  };

  /** Optional fields left blank are not sent. */
  const payload = () => Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'sending') return;
    const fields = formFieldErrors(options.schema, payload());
    if (Object.keys(fields).length > 0) {
      showErrors(fields);
      return;
    }
    setStatus('sending');
    setFormError(null);
    try {
      await api.post('/api/contact-requests', { source: options.source, ...payload() });
      setStatus('sent');
      setErrors({});
    } catch (error) {
      setStatus('idle');
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
        showErrors(error.fields);
      } else {
        const message = errorMessage(error);
        setFormError(message);
        announce(message, 'assertive');
      }
    }
  };

  const reset = () => {
    setValues(options.initial);
    setErrors({});
    setFormError(null);
    setStatus('idle');
  };

  return { values, errors, formError, status, formRef, setValue, onSubmit, reset };
}
