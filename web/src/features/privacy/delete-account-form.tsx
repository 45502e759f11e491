import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/client.ts';
import { FieldError } from '../../components/field-error.tsx';
import { PasswordInput } from '../auth/password-input.tsx';

/**
 * Deleting an account: what it means, in plain words, then the caller's own password and one
 * clearly labelled button. Used for one's own account (profile) and by a parent for a child.
 */
export function DeleteAccountForm({
  whose,
  onDelete,
  onCancel,
}: {
  /** 'your' or the child's first name with 's ("Sam's"). */
  whose: string;
  onDelete(password: string): Promise<void>;
  onCancel(): void;
}) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Please enter your password to confirm.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onDelete(password);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <form className="delete-account" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
      <p>
        <strong>This cannot be undone.</strong> Deleting {whose} account removes the name, email address and picture for good, signs
        out everywhere and ends every link with parents and tutors. The practice history stays only as anonymous numbers that nobody can
        trace back to a person.
      </p>
      <div className="field">
        <label htmlFor={`${id}-password`}>Your password</label>
        <PasswordInput
          id={`${id}-password`}
          name="password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
          autoComplete="current-password"
          toggleNoun="password"
          invalid={Boolean(error)}
          describedBy={error ? `${id}-error` : undefined}
        />
        <FieldError id={id} error={error} alert />
      </div>
      <div className="button-row left">
        <button type="submit" className="button danger" disabled={busy}>
          {busy ? 'Deleting...' : `Delete ${whose} account`}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
