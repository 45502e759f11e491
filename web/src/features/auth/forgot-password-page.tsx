import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { api, ApiError } from '../../api/client.ts';
import { announce } from '../../components/announcer.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { AuthHeading, AuthLayout, AuthOutcome } from './auth-layout.tsx';
import { TextField } from './form-fields.tsx';
import { validateEmail } from './validation.ts';
import { ButtonLink } from '../../components/button-link.tsx';

const CONFIRMATION = 'If an account exists for that email address, we have sent a link to reset your password. Check your inbox and spam folder.';

/** /forgot-password: the same neutral confirmation whatever the server says (no account probing). */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot your password?');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'idle' | 'sending' | 'sent'>('idle');
  const inputRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateEmail(email);
    if (problem) {
      setError(problem);
      announce(`Form error: ${problem}`, 'assertive');
      inputRef.current?.focus();
      return;
    }
    setPhase('sending');
    try {
      await api.post('/api/auth/forgot-password', { email: email.trim() }, { anonymous: true });
    } catch (failure) {
      // Only "nothing reached the server" is worth telling: it says nothing about accounts.
      if (failure instanceof ApiError && failure.status === 0) {
        setPhase('idle');
        setError(failure.message);
        announce(failure.message, 'assertive');
        return;
      }
    }
    setPhase('sent');
    announce(CONFIRMATION);
  };

  if (phase === 'sent') {
    return (
      <AuthLayout>
        <AuthOutcome icon="📬" title="Check your email">
          <p className="muted" data-testid="forgot-confirmation">
            {CONFIRMATION}
          </p>
          <p className="muted small">The link works once and expires after a while. Didn&apos;t get it? Wait a minute, then try again.</p>
          <div className="auth-actions">
            <ButtonLink to="/login" primary>Back to sign in</ButtonLink>
            <button type="button" className="button" onClick={() => setPhase('idle')}>
              Try another email
            </button>
          </div>
        </AuthOutcome>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <AuthHeading title="Forgot your password?" lead="Enter the email you signed up with and we'll send you a link to choose a new one." />
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          ref={inputRef}
          id="forgot-email"
          label="Email"
          error={error ?? undefined}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
          required
        />
        <button type="submit" className="button primary block" disabled={phase === 'sending'}>
          {phase === 'sending' ? 'Sending...' : 'Send reset link'}
        </button>
      </form>
      <div className="auth-links">
        <p>
          Remembered it? <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
