import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api, errorMessage } from '../../api/client.ts';
import { useAuth, type User } from '../../auth/auth-store.ts';
import { announce } from '../../components/announcer.tsx';
import { Spinner } from '../../components/loading-screen.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { AuthLayout, AuthOutcome } from './auth-layout.tsx';
import { useResendVerification } from './use-resend-verification.ts';
import { ButtonLink } from '../../components/button-link.tsx';

type State = { kind: 'verifying' } | { kind: 'verified' } | { kind: 'failed'; message: string };

/** One request per token, even when React runs the effect twice (a link may only be used once). */
const attempts = new Map<string, Promise<void>>();
function verifyOnce(token: string): Promise<void> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = api.post<{ message: string }>('/api/auth/verify-email', { token }, { anonymous: true }).then(() => undefined);
    attempts.set(token, attempt);
  }
  return attempt;
}

/** /verify-email?token=…: the link from the verification e-mail. */
export function VerifyEmailPage() {
  useDocumentTitle('Verify your email');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { status, setUser } = useAuth();
  const signedIn = status === 'authenticated';
  const [state, setState] = useState<State>(token ? { kind: 'verifying' } : { kind: 'failed', message: 'This verification link is incomplete: it has no token.' });

  useEffect(() => {
    if (!token) return;
    let active = true;
    verifyOnce(token).then(
      () => {
        if (!active) return;
        setState({ kind: 'verified' });
        announce('Your email address is verified.');
      },
      (error: unknown) => {
        if (!active) return;
        const message = errorMessage(error);
        setState({ kind: 'failed', message });
        announce(`Email verification failed: ${message}`, 'assertive');
      },
    );
    return () => {
      active = false;
    };
  }, [token]);

  // A signed-in user's menu and profile should show the new state at once.
  useEffect(() => {
    if (state.kind !== 'verified' || !signedIn) return;
    api.get<{ user: User }>('/api/auth/me').then(({ user }) => setUser(user), () => undefined);
  }, [state.kind, signedIn, setUser]);

  return (
    <AuthLayout>
      {state.kind === 'verifying' && (
        <AuthOutcome title="Verifying your email…">
          <Spinner label="Checking your verification link..." />
        </AuthOutcome>
      )}
      {state.kind === 'verified' && (
        <AuthOutcome icon="✅" title="Email verified">
          <p className="muted">Thanks! Your email address is confirmed and your account is ready.</p>
          <div className="auth-actions">
            {signedIn ? (
              <ButtonLink to="/dashboard" primary>Go to your dashboard</ButtonLink>
            ) : (
              <ButtonLink to="/login" primary>Sign in</ButtonLink>
            )}
          </div>
        </AuthOutcome>
      )}
      {state.kind === 'failed' && <VerificationFailed message={state.message} signedIn={signedIn} />}
    </AuthLayout>
  );
}

function VerificationFailed({ message, signedIn }: { message: string; signedIn: boolean }) {
  const verified = useAuth((state) => state.user?.isEmailVerified === true);
  const { resend, onResend } = useResendVerification();
  return (
    <AuthOutcome icon="⚠️" title="We couldn't verify your email">
      <div className="alert alert-error" data-testid="verify-error">
        {message}
      </div>
      <p className="muted">Verification links can only be used once and expire after a while.</p>
      {signedIn && verified ? (
        // A dead link for an address verified meanwhile: nothing to resend.
        <div className="auth-actions">
          <div className="alert alert-success" data-testid="already-verified">
            Your email address is already verified.
          </div>
          <ButtonLink to="/dashboard" primary>Go to your dashboard</ButtonLink>
        </div>
      ) : signedIn ? (
        <div className="auth-actions">
          {resend.kind === 'sent' ? (
            <div className="alert alert-success">A new verification email is on its way. Check your inbox.</div>
          ) : (
            <button type="button" className="button primary" onClick={() => void onResend()} disabled={resend.kind === 'sending'}>
              {resend.kind === 'sending' ? 'Sending...' : 'Resend verification email'}
            </button>
          )}
          {resend.kind === 'error' && <div className="alert alert-error">{resend.message}</div>}
          <ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>
        </div>
      ) : (
        <div className="auth-actions">
          <ButtonLink to="/login" primary>Sign in to get a new link</ButtonLink>
        </div>
      )}
    </AuthOutcome>
  );
}
