import type { User } from '../../auth/auth-store.ts';
import { useResendVerification } from '../auth/use-resend-verification.ts';

/**
 * The dashboard's reminder for an address not verified yet (docs/accounts-front-end.md): where the
 * link went, and a way to have it sent again. Verified users never see it.
 */
export function VerifyReminder({ user }: { user: User }) {
  const { resend, onResend } = useResendVerification();
  if (user.isEmailVerified) return null;
  return (
    <section className="alert alert-info dashboard-verify" aria-labelledby="dashboard-verify-heading" data-testid="verify-reminder">
      <div>
        <h2 id="dashboard-verify-heading">Please verify your email address</h2>
        <p>
          We sent a link to <strong>{user.email}</strong>. Open it to confirm the address, so you can reset your password if you
          ever forget it.
        </p>
        {resend.kind === 'sent' ? <p role="status">A new verification email is on its way. Check your inbox.</p> : null}
        {resend.kind === 'error' ? <p className="field-error">{resend.message}</p> : null}
      </div>
      {resend.kind === 'sent' ? null : (
        <button type="button" className="button small" onClick={() => void onResend()} disabled={resend.kind === 'sending'}>
          {resend.kind === 'sending' ? 'Sending...' : 'Resend verification email'}
        </button>
      )}
    </section>
  );
}
