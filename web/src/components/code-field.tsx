import { useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { errorMessage } from '../api/client.ts';
import { FieldError } from './field-error.tsx';

/**
 * A form that sends one code (a class, tutor or child's code): an empty code is refused with
 * `emptyMessage`; a code sent is cleared; a refusal shows the server's message under the input.
 */
export function useCodeForm(emptyMessage: string, send: (code: string) => Promise<void>) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setCode(event.target.value);
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(emptyMessage);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send(code.trim());
      setCode('');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return { code, error, busy, onChange, submit };
}

interface CodeFieldProps extends Pick<InputHTMLAttributes<HTMLInputElement>, 'spellCheck' | 'placeholder'> {
  /** The form's id: the input is `<baseId>-code`, its hint and error lines `<baseId>-hint` and `<baseId>-error`. */
  baseId: string;
  label: string;
  form: ReturnType<typeof useCodeForm>;
  hint?: ReactNode;
}

/** The code input of a `useCodeForm`, with its hint and its error line (an alert, so it is heard at once). */
export function CodeField({ baseId, label, form, hint, ...input }: CodeFieldProps) {
  const { code, error, onChange } = form;
  return (
    <div className="field">
      <label htmlFor={`${baseId}-code`}>{label}</label>
      <input
        id={`${baseId}-code`}
        type="text"
        value={code}
        autoComplete="off"
        autoCapitalize="characters"
        {...input}
        maxLength={40}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${baseId}-error` : hint ? `${baseId}-hint` : undefined}
        onChange={onChange}
      />
      {hint ? (
        <p className="field-hint" id={`${baseId}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={baseId} error={error} alert />
    </div>
  );
}
