import { useEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api, ApiError, errorMessage } from '../../api/client.ts';
import { announce } from '../../components/announcer.tsx';
import { Spinner } from '../../components/loading-screen.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { AuthHeading, AuthLayout, AuthOutcome } from './auth-layout.tsx';
import { ErrorSummary } from './error-summary.tsx';
import { fieldErrorsAnnouncement } from './form-announcements.ts';
import { NewPasswordField, PasswordField, useErrorSummaryFocus } from './form-fields.tsx';
import { validateConfirmPassword, validatePassword, type FieldErrors } from './validation.ts';
import { ButtonLink } from '../../components/button-link.tsx';

const FIELD_IDS = { password: 'reset-password', confirmPassword: 'reset-confirm-password' };

/** /reset-password?token=…: choose a new password with the registration checklist. */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'checking' | 'dead' | 'idle' | 'saving' | 'done'>(token ? 'checking' : 'idle');
  const { summaryRef, focusSummary } = useErrorSummaryFocus();

  // The link is checked when the page opens: a used, replaced or expired one says so at once.
  useEffect(() => {
    if (!token) return;
    let active = true;
    api.post('/api/auth/reset-password/check', { token }, { anonymous: true }).then(
      () => active && setPhase('idle'),
      (error: unknown) => {
        if (!active) return;
        // Only a refusal of the link ends here; if the check itself failed, the form still works.
        if (error instanceof ApiError && (error.status === 400 || error.status === 410)) {
          setServerError(error.message);
          setPhase('dead');
          announce(`Password reset link: ${error.message}`, 'assertive');
        } else setPhase('idle');
      },
    );
    return () => {
      active = false;
    };
  }, [token]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [event.target.name]: event.target.value }));
    setFieldErrors({});
    setServerError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    const password = validatePassword(values.password);
    const confirm = validateConfirmPassword(values.password, values.confirmPassword);
    if (password) errors.password = password;
    if (confirm) errors.confirmPassword = confirm;
    if (Object.keys(errors).length) {
      setFieldErrors(errors);
      focusSummary();
      announce(fieldErrorsAnnouncement(errors), 'assertive');
      return;
    }
    setPhase('saving');
    try {
      await api.post('/api/auth/reset-password', { token, password: values.password }, { anonymous: true });
      setPhase('done');
      announce('Your password has been changed. You can now sign in.');
    } catch (error) {
      setPhase('idle');
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length) {
        const fields = { ...error.fields };
        setFieldErrors(fields);
        announce(fieldErrorsAnnouncement(fields), 'assertive');
      } else {
        const message = errorMessage(error);
        setServerError(message);
        announce(`Password reset failed: ${message}`, 'assertive');
      }
      focusSummary();
    }
  };

  if (!token) {
    return (
      <UnusableLink title="Reset link incomplete">
        <div className="alert alert-error">This password reset link has no token. Open the link from your email again, or ask for a new one.</div>
      </UnusableLink>
    );
  }

  if (phase === 'checking') {
    return (
      <AuthLayout>
        <AuthOutcome title="Choose a new password">
          <Spinner label="Checking your reset link..." />
        </AuthOutcome>
      </AuthLayout>
    );
  }

  if (phase === 'dead') {
    return (
      <UnusableLink icon="⏱️" title="This reset link can't be used" backToSignIn>
        <div className="alert alert-error" data-testid="reset-link-error">
          {serverError}
        </div>
      </UnusableLink>
    );
  }

  if (phase === 'done') {
    return (
      <AuthLayout>
        <AuthOutcome icon="🔐" title="Password changed">
          <p className="muted">Your new password is set. Use it the next time you sign in.</p>
          <div className="auth-actions">
            <ButtonLink to="/login" primary>Sign in</ButtonLink>
          </div>
        </AuthOutcome>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <AuthHeading title="Choose a new password" lead="Pick something you haven't used here before." />
      <ErrorSummary ref={summaryRef} failureTitle="Password Reset Failed" message={serverError} fieldErrors={fieldErrors} fieldIds={FIELD_IDS} />
      {serverError && (
        <p className="small center">
          Link expired or already used? <Link to="/forgot-password">Get a new reset link</Link>
        </p>
      )}
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={phase === 'saving'}>
        <NewPasswordField id={FIELD_IDS.password} label="New Password" error={fieldErrors.password} rulesId="reset-password-rules" name="password" value={values.password} onChange={onChange} />
        <PasswordField
          id={FIELD_IDS.confirmPassword}
          label="Confirm New Password"
          error={fieldErrors.confirmPassword}
          name="confirmPassword"
          value={values.confirmPassword}
          onChange={onChange}
          autoComplete="new-password"
          toggleNoun="confirm password"
        />
        <button type="submit" className="button primary block" disabled={phase === 'saving'}>
          {phase === 'saving' ? 'Saving...' : 'Set new password'}
        </button>
      </form>
      <div className="auth-links">
        <p>
          <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    </AuthLayout>
  );
}

/** A reset link that cannot be used (no token, or used, replaced or expired): why (children), and the way to a new one. */
function UnusableLink({ icon, title, backToSignIn = false, children }: { icon?: string; title: string; backToSignIn?: boolean; children: ReactNode }) {
  return (
    <AuthLayout>
      <AuthOutcome icon={icon} title={title}>
        {children}
        <div className="auth-actions">
          <ButtonLink to="/forgot-password" primary>Get a new reset link</ButtonLink>
          {backToSignIn ? (
            <ButtonLink to="/login">Back to sign in</ButtonLink>
          ) : null}
        </div>
      </AuthOutcome>
    </AuthLayout>
  );
}
