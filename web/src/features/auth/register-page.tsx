import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api, ApiError, errorMessage } from '../../api/client.ts';
import type { AuthResponse, RegistrationPayload } from '../../auth/auth-store.ts';
import { announce } from '../../components/announcer.tsx';
import { errorDescribedBy, FieldError } from '../../components/field-error.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { AuthHeading, AuthLayout } from './auth-layout.tsx';
import { ErrorSummary } from './error-summary.tsx';
import { GradeOptions, NewPasswordField, PasswordField, SelectField, TextField, useErrorSummaryFocus } from './form-fields.tsx';
import type { LoginLocationState } from './login-page.tsx';
import { validateRegistration, type FieldErrors, type RegistrationForm } from './validation.ts';

const FIELD_IDS: Record<keyof RegistrationForm, string> = {
  firstName: 'register-first-name',
  lastName: 'register-last-name',
  email: 'register-email',
  gradeLevel: 'register-grade',
  password: 'register-password',
  confirmPassword: 'register-confirm-password',
  agreeToTerms: 'register-terms',
};

/** Optional tutor's code (issue 12); kept out of RegistrationForm, which the client-side checks cover. */
const REFERRAL_FIELD_ID = 'register-referral-code';
const SUMMARY_FIELD_IDS: Record<string, string> = { ...FIELD_IDS, referralCode: REFERRAL_FIELD_ID };

const INVALID_ANNOUNCEMENT = 'Form has errors. Please check the fields below.';

const EMPTY: RegistrationForm = { firstName: '', lastName: '', email: '', gradeLevel: '', password: '', confirmPassword: '', agreeToTerms: false };

/** SPEC §2 Register. On success the user is sent to /login with the 'account created' message. */
export function RegisterPage() {
  useDocumentTitle('Create your account');
  const navigate = useNavigate();
  const [form, setForm] = useState<RegistrationForm>(EMPTY);
  // A class's join link opens this page with its code (/register?code=…).
  const [referralCode, setReferralCode] = useState(() => new URLSearchParams(window.location.search).get('code') ?? '');
  // A parent or guardian gets a parent account: no grade, no tutor code; they link children by the child's code.
  const [accountType, setAccountType] = useState<'student' | 'parent'>('student');
  const isParent = accountType === 'parent';
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { summaryRef, focusSummary } = useErrorSummaryFocus();

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const target = event.target;
    const name = target.name as keyof RegistrationForm;
    const value = target instanceof HTMLInputElement && target.type === 'checkbox' ? target.checked : target.value;
    setForm((current) => ({ ...current, [name]: value }));
    setServerError(null);
    setFieldErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  };

  const fail = (errors: FieldErrors, message: string | null) => {
    setFieldErrors(errors);
    setServerError(message);
    setSubmitting(false);
    focusSummary();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || !form.agreeToTerms) return;
    const errors = validateRegistration(form);
    if (Object.keys(errors).length) {
      fail(errors, null);
      announce(INVALID_ANNOUNCEMENT, 'assertive');
      return;
    }
    setSubmitting(true);
    setFieldErrors({});
    setServerError(null);
    const email = form.email.trim();
    const payload: RegistrationPayload = {
      email,
      password: form.password,
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      role: 'student',
      accountType,
      ...(form.gradeLevel && !isParent ? { gradeLevel: Number(form.gradeLevel) } : {}),
    };
    try {
      const body = referralCode.trim() && !isParent ? { ...payload, referralCode: referralCode.trim() } : payload;
      const response = await api.post<AuthResponse>('/api/auth/register', body, { anonymous: true });
      // SPEC flow: the new user signs in on /login. The session the API opened is not kept: revoke it.
      void api.post('/api/auth/logout', { refreshToken: response.refreshToken }, { anonymous: true }).catch(() => undefined);
      announce('Registration successful! Please check your email to verify your account.');
      const state: LoginLocationState = { registered: true, email };
      navigate('/login', { state });
    } catch (error) {
      // A 400 names the fields to fix; anything else (a taken address, too many attempts, no
      // network) is a 'Registration Failed' with the server's message.
      if (error instanceof ApiError && error.status === 400 && error.fields && Object.keys(error.fields).length) {
        fail(error.fields, null);
        announce(INVALID_ANNOUNCEMENT, 'assertive');
        return;
      }
      const message = errorMessage(error);
      fail({}, message);
      announce(`Registration failed: ${message}`, 'assertive');
    }
  };

  const confirmHint =
    form.confirmPassword && !fieldErrors.confirmPassword
      ? form.confirmPassword === form.password
        ? { text: 'Passwords match', ok: true }
        : { text: 'Passwords do not match yet', ok: false }
      : null;

  return (
    <AuthLayout wide>
      <AuthHeading title="Create your account" lead="Ten minutes a day of practice that adapts to you." />

      <ErrorSummary ref={summaryRef} failureTitle="Registration Failed" message={serverError} fieldErrors={fieldErrors} fieldIds={SUMMARY_FIELD_IDS} />

      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={submitting}>
        <fieldset className="account-type">
          <legend>Who is this account for?</legend>
          <label className="account-type-option">
            <input type="radio" name="accountType" value="student" checked={!isParent} onChange={() => setAccountType('student')} />
            <span>
              <strong>Me, to practise maths</strong>
              <span className="muted">A student account</span>
            </span>
          </label>
          <label className="account-type-option">
            <input type="radio" name="accountType" value="parent" checked={isParent} onChange={() => setAccountType('parent')} />
            <span>
              <strong>I&apos;m a parent or guardian</strong>
              <span className="muted">Follow up to 3 children with a code they make</span>
            </span>
          </label>
        </fieldset>
        <div className="field-row">
          <TextField id={FIELD_IDS.firstName} label="First Name" error={fieldErrors.firstName} name="firstName" type="text" autoComplete="given-name" value={form.firstName} onChange={onChange} required />
          <TextField id={FIELD_IDS.lastName} label="Last Name" error={fieldErrors.lastName} name="lastName" type="text" autoComplete="family-name" value={form.lastName} onChange={onChange} required />
        </div>

        <TextField id={FIELD_IDS.email} label="Email Address" error={fieldErrors.email} name="email" type="email" autoComplete="email" inputMode="email" value={form.email} onChange={onChange} required />

        {isParent ? null : (
          <SelectField
            id={FIELD_IDS.gradeLevel}
            label={
              <>
                Grade Level <span className="optional">(optional)</span>
              </>
            }
            error={fieldErrors.gradeLevel}
            name="gradeLevel"
            value={form.gradeLevel}
            onChange={onChange}
            options={
              <>
                <option value="">Select your grade level</option>
                <GradeOptions />
              </>
            }
          />
        )}

        {isParent ? null : (
          <div className="field">
            <label htmlFor={REFERRAL_FIELD_ID}>
              Referral Code <span className="optional">(optional)</span>
            </label>
            <input
              id={REFERRAL_FIELD_ID}
              type="text"
              name="referralCode"
              value={referralCode}
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={40}
              onChange={(event) => {
                setReferralCode(event.target.value);
                setFieldErrors(({ referralCode: _removed, ...rest }) => rest);
              }}
              aria-invalid={fieldErrors.referralCode ? true : undefined}
              // The hint comes first here: it is always there, the error only after a refusal.
              aria-describedby={[`${REFERRAL_FIELD_ID}-hint`, fieldErrors.referralCode ? `${REFERRAL_FIELD_ID}-error` : ''].filter(Boolean).join(' ')}
            />
            <p className="field-hint" id={`${REFERRAL_FIELD_ID}-hint`}>
              Got a code from your tutor, or your class's join code? Enter it here so they can follow your progress.
            </p>
            <FieldError id={REFERRAL_FIELD_ID} error={fieldErrors.referralCode} />
          </div>
        )}

        <NewPasswordField id={FIELD_IDS.password} label="Password" error={fieldErrors.password} rulesId="register-password-rules" name="password" value={form.password} onChange={onChange} />

        <PasswordField
          id={FIELD_IDS.confirmPassword}
          label="Confirm Password"
          error={fieldErrors.confirmPassword}
          hints={confirmHint ? ['register-confirm-hint'] : []}
          name="confirmPassword"
          value={form.confirmPassword}
          onChange={onChange}
          autoComplete="new-password"
          toggleNoun="confirm password"
        >
          {confirmHint && (
            <p className={`field-hint ${confirmHint.ok ? 'hint-ok' : ''}`} id="register-confirm-hint">
              {confirmHint.ok ? '✓ ' : ''}
              {confirmHint.text}
            </p>
          )}
        </PasswordField>

        <div className="field checkbox-field">
          <input
            id={FIELD_IDS.agreeToTerms}
            name="agreeToTerms"
            type="checkbox"
            checked={form.agreeToTerms}
            onChange={onChange}
            aria-invalid={fieldErrors.agreeToTerms ? true : undefined}
            aria-describedby={errorDescribedBy(FIELD_IDS.agreeToTerms, fieldErrors.agreeToTerms)}
          />
          <label htmlFor={FIELD_IDS.agreeToTerms}>
            I agree to the{' '}
            <a href="/terms" target="_blank" rel="noopener noreferrer">
              Terms of Service<span className="visually-hidden"> (opens in a new tab)</span>
            </a>{' '}
            and{' '}
            <a href="/privacy" target="_blank" rel="noopener noreferrer">
              Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </label>
        </div>
        <FieldError id={FIELD_IDS.agreeToTerms} error={fieldErrors.agreeToTerms} />
        <p className="field-hint register-kids-privacy">
          Under 13? Read{' '}
          <a href="/privacy#for-children" target="_blank" rel="noopener noreferrer">
            what we keep about you, in plain words<span className="visually-hidden"> (opens in a new tab)</span>
          </a>{' '}
          with a grown-up first.
        </p>

        <button
          type="submit"
          className="button primary block"
          disabled={!form.agreeToTerms || submitting}
          aria-describedby={form.agreeToTerms ? undefined : 'register-terms-hint'}
        >
          {submitting ? 'Creating Account...' : 'Create Account'}
        </button>
        {!form.agreeToTerms && (
          <p className="field-hint center" id="register-terms-hint">
            Tick the box above to agree to the terms and create your account.
          </p>
        )}
      </form>

      <div className="auth-links">
        <p>
          Already have an account? <Link to="/login">Sign in here</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
