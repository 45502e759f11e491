import { useState, type ChangeEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import type { FieldErrors } from '../auth/validation.ts';
import { serverMessage } from './avatar-section.tsx';

/**
 * The values and field errors of a profile section's form: editing a field clears its own error;
 * `showErrors` marks the failed fields, focuses the first and says every message in the banner;
 * `submit` saves when the client checks found nothing, and shows a refusal the same way.
 */
export function useSectionForm<F extends Record<string, string>>(initial: F | (() => F), ids: Record<keyof F, string>, notify: (kind: 'error', text: string) => void) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const { name, value } = event.target;
    setForm((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  };

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const firstKey = Object.keys(found)[0] as keyof F;
    if (ids[firstKey]) document.getElementById(ids[firstKey])?.focus();
    notify('error', Object.values(found).join('. '));
  };

  /** `fieldOf` maps the server's field names to the form's; `failure` is said when the server gives no message. */
  const submit = async (found: FieldErrors, save: () => Promise<void>, failure: string, fieldOf = (key: string) => key) => {
    if (Object.keys(found).length) {
      showErrors(found);
      return;
    }
    setSaving(true);
    try {
      await save();
    } catch (error) {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length) {
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([key, text]) => [fieldOf(key), text])));
      }
      notify('error', serverMessage(error, failure));
    } finally {
      setSaving(false);
    }
  };

  return { form, setForm, errors, setErrors, onChange, saving, submit };
}
