import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { api, ApiError, errorMessage } from '../../api/client.ts';
import { useAuth, type AuthResponse } from '../../auth/auth-store.ts';
import { announce } from '../../components/announcer.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { AuthHeading, AuthLayout } from './auth-layout.tsx';
import { ErrorSummary } from './error-summary.tsx';
import { fieldErrorsAnnouncement } from './form-announcements.ts';
import { PasswordField, TextField, useErrorSummaryFocus } from './form-fields.tsx';
import { validateLogin, type FieldErrors } from './validation.ts';

export const REGISTERED_MESSAGE = 'Account created successfully! Please check your email to verify your account.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

/** Router state left behind by the registration page, a guarded page, or an expired session. */
export interface LoginLocationState {
  registered?: boolean;
  email?: string;
  /** The page to return to after signing in (path and query). */
  from?: string;
}

/** Only a path of this app (not //elsewhere) is a place to return to. */
const returnPath = (from: string | undefined): string | null =>
  from && from.startsWith('/') && !from.startsWith('//') && from !== '/login' ? from : null;

const FIELD_IDS = { email: 'login-email', password: 'login-password' };

type Phase = 'idle' | 'validating' | 'submitting';

/** SPEC §2 Login: validate, sign in, announce, go to /dashboard. */
export function LoginPage() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const location = useLocation();
  const arrived = (location.state ?? {}) as LoginLocationState;
  const accept = useAuth((state) => state.accept);
  const sessionExpired = useAuth((state) => state.sessionExpired);
  const [values, setValues] = useState({ email: arrived.email ?? '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const { summaryRef, focusSummary } = useErrorSummaryFocus();

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    // SPEC: editing any field clears the errors.
    if (serverError || Object.keys(fieldErrors).length) {
      setFieldErrors({});
      setServerError(null);
    }
  };

  const fail = (errors: FieldErrors, message: string | null) => {
    setFieldErrors(errors);
    setServerError(message);
    setPhase('idle');
    focusSummary();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase === 'submitting') return;
    setPhase('validating');
    const errors = validateLogin(values);
    if (Object.keys(errors).length) {
      fail(errors, null);
      announce(fieldErrorsAnnouncement(errors), 'assertive');
      return;
    }
    setPhase('submitting');
    setFieldErrors({});
    setServerError(null);
    try {
      // Called directly rather than through the store's login(), whose 'loading' status would make the
      // guest-only guard swap this page for the loading screen and lose the form.
      const response = await api.post<AuthResponse>('/api/auth/login', { email: values.email.trim(), password: values.password }, { anonymous: true });
      const back = returnPath(arrived.from);
      announce(back ? 'Login successful! Taking you back to your page.' : 'Login successful! Redirecting to dashboard.');
      accept(response);
      navigate(back ?? '/dashboard', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length) {
        fail(error.fields, null);
        announce(fieldErrorsAnnouncement(error.fields), 'assertive');
        return;
      }
      const message = errorMessage(error);
      fail({}, message);
      announce(`Login failed: ${message}`, 'assertive');
    }
  };

  const submitting = phase === 'submitting';

  return (
    <AuthLayout>
      <AuthHeading title="Welcome back" lead="Sign in to keep your daily streak going." />

      {arrived.registered && (
        <div className="alert alert-success" data-testid="registered-banner">
          {REGISTERED_MESSAGE}
        </div>
      )}
      {sessionExpired && (
        <div className="alert alert-info" role="status" data-testid="session-expired-banner">
          {SESSION_EXPIRED_MESSAGE}
        </div>
      )}

      <ErrorSummary ref={summaryRef} failureTitle="Login Failed" message={serverError} fieldErrors={fieldErrors} fieldIds={FIELD_IDS} />

      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={submitting}>
        <TextField id={FIELD_IDS.email} label="Email" error={fieldErrors.email} name="email" type="email" autoComplete="email" inputMode="email" value={values.email} onChange={onChange} required />
        <PasswordField id={FIELD_IDS.password} label="Password" error={fieldErrors.password} name="password" value={values.password} onChange={onChange} autoComplete="current-password">
          {/* After the password box, so Tab goes from Email straight to Password. */}
          <p className="field-aside">
            <Link to="/forgot-password" className="small-link">
              Forgot your password?
            </Link>
          </p>
        </PasswordField>
        <button type="submit" className="button primary block" disabled={submitting}>
          {submitting ? 'Signing In...' : 'Sign In'}
        </button>
      </form>

      <div className="auth-links">
        <p>
          Don&apos;t have an account? <Link to="/register">Create one here</Link>
        </p>
        <p className="muted small">
          Trying things out? <Link to="/test-credentials">Use a test account</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
