import { useId, useState, type FormEvent } from 'react';
import { api, errorMessage } from '../../api/client.ts';

/**
 * The profile's 'Join a tutor' box (students): redeem a tutor's referral code after registering.
 * The tutor then sees the student as pending until they activate them.
 */
export function JoinTutorSection({ notify }: { notify(kind: 'success' | 'error', text: string): void }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError('Please enter the referral code your tutor gave you.');
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
      <h2 id={`${id}-heading`}>Join a tutor</h2>
      <p className="muted">Got a referral code from a tutor or teacher? Enter it so they can follow your practice and help you.</p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-code`}>Referral Code</label>
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
