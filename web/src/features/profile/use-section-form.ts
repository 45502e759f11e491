import { useState, type ChangeEvent } from 'react';
import type { FieldErrors } from '../auth/validation.ts';

/**
 * The values and field errors of a profile section's form: editing a field clears its own error;
 * `showErrors` marks the failed fields, focuses the first and says every message in the banner.
 */
export function useSectionForm<F extends Record<string, string>>(initial: F | (() => F), ids: Record<keyof F, string>, notify: (kind: 'error', text: string) => void) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

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

  return { form, setForm, errors, setErrors, onChange, showErrors };
}
