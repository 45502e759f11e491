import { useId, useState, type FormEvent } from 'react';
import { api, errorMessage } from '../../api/client.ts';

/**
 * The profile's 'Join a class or tutor' box (students): a tutor's referral code (the tutor then
 * sees the student as pending until they activate them) or a class's join code (in the class, and
 * active with its tutor, at once).
 */
export function JoinTutorSection({ notify }: { notify(kind: 'success' | 'error', text: string): void }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError('Please enter the code your teacher or tutor gave you.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const { message } = await api.post<{ message: string }>('/api/tutors/referral-codes/redeem', { code: code.trim() });
      setCode('');
      notify('success', message);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card profile-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Join a class or tutor</h2>
      <p className="muted">Got a class join code or a referral code from a teacher or tutor? Enter it so they can follow your practice and give you work.</p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-code`}>Class or referral code</label>
          <input
            id={`${id}-code`}
            type="text"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={40}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
          />
          {error ? (
            <p className="field-error" id={`${id}-error`} role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button primary" disabled={saving}>
          {saving ? 'Joining...' : 'Join'}
        </button>
      </form>
    </section>
  );
}
