import { useState, type ChangeEvent, type FormEvent } from 'react';
import { api, ApiError } from '../../api/client.ts';
import { tokenStorage } from '../../auth/token-storage.ts';
import { PasswordChecklist } from '../auth/password-checklist.tsx';
import { PasswordInput } from '../auth/password-input.tsx';
import { changePasswordPayloadSchema, firstErrors } from '@mathdaily/domain/accounts/validation';
import type { FieldErrors } from '../auth/validation.ts';
import { serverMessage } from './avatar-section.tsx';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Form = typeof EMPTY;
const IDS: Record<keyof Form, string> = { currentPassword: 'current-password', newPassword: 'new-password', confirmPassword: 'confirm-new-password' };

/** SPEC §5 profile password rules ('New passwords do not match', 'New password must be at least 8 characters long'…), shared with the API. */
function validatePasswordChange(form: Form): FieldErrors {
  return firstErrors(changePasswordPayloadSchema.safeParse(form));
}

/** SPEC §2 Password & Security: a collapsible Change Password form, cleared on success. */
export function PasswordSection({ notify }: { notify(kind: 'success' | 'error', text: string): void }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const toggle = () => {
    if (open) {
      setForm(EMPTY);
      setErrors({});
    }
    setOpen(!open);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, value } = event.target;
    setForm((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validatePasswordChange(form);
    if (Object.keys(found).length) {
      setErrors(found);
      const firstKey = Object.keys(found)[0] as keyof Form;
      if (IDS[firstKey]) document.getElementById(IDS[firstKey])?.focus();
      notify('error', Object.values(found).join('. '));
      return;
    }
    setSaving(true);
    try {
      const { message, accessToken } = await api.post<{ message?: string; accessToken?: string }>('/api/auth/change-password', {
        currentPassword: form.currentPassword,
        newPassword: form.newPassword,
      });
      // The change ends every older access token; the answer carries this session's new one.
      const refreshToken = tokenStorage.refreshToken();
      if (accessToken && refreshToken) tokenStorage.save(accessToken, refreshToken);
      setForm(EMPTY);
      setErrors({});
      setOpen(false);
      notify('success', message || 'Password changed successfully');
    } catch (error) {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length) {
        const fields: FieldErrors = {};
        for (const [key, text] of Object.entries(error.fields)) fields[key === 'password' ? 'newPassword' : key] = text;
        setErrors(fields);
      }
      notify('error', serverMessage(error, 'Failed to change password'));
    } finally {
      setSaving(false);
    }
  };

  const describedBy = (key: keyof Form, extra = '') => [errors[key] ? `${IDS[key]}-error` : '', extra].filter(Boolean).join(' ') || undefined;
  const fieldError = (key: keyof Form) =>
    errors[key] ? (
      <p className="field-error" id={`${IDS[key]}-error`}>
        {errors[key]}
      </p>
    ) : null;

  return (
    <section className="card profile-card" aria-labelledby="security-heading">
      <div className="section-head">
        <h2 id="security-heading">Password &amp; Security</h2>
        <button type="button" className="button small" aria-expanded={open} aria-controls="change-password-panel" onClick={toggle} disabled={saving}>
          {open ? 'Cancel' : 'Change Password'}
        </button>
      </div>
      {!open && <p className="muted">Use a strong password you don&apos;t use anywhere else.</p>}
      <div id="change-password-panel" hidden={!open}>
        {open && (
          <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={saving} aria-label="Change Password">
            <div className="field">
              <label htmlFor={IDS.currentPassword}>Current Password</label>
              <PasswordInput id={IDS.currentPassword} name="currentPassword" value={form.currentPassword} onChange={onChange} autoComplete="current-password" toggleNoun="current password" invalid={Boolean(errors.currentPassword)} describedBy={describedBy('currentPassword')} />
              {fieldError('currentPassword')}
            </div>
            <div className="field">
              <label htmlFor={IDS.newPassword}>New Password</label>
              <PasswordInput id={IDS.newPassword} name="newPassword" value={form.newPassword} onChange={onChange} autoComplete="new-password" toggleNoun="new password" invalid={Boolean(errors.newPassword)} describedBy={describedBy('newPassword', 'new-password-rules')} />
              {fieldError('newPassword')}
              <PasswordChecklist password={form.newPassword} id="new-password-rules" />
            </div>
            <div className="field">
              <label htmlFor={IDS.confirmPassword}>Confirm New Password</label>
              <PasswordInput id={IDS.confirmPassword} name="confirmPassword" value={form.confirmPassword} onChange={onChange} autoComplete="new-password" toggleNoun="confirm new password" invalid={Boolean(errors.confirmPassword)} describedBy={describedBy('confirmPassword')} />
              {fieldError('confirmPassword')}
            </div>
            <div className="button-row left">
              <button type="submit" className="button primary" disabled={saving}>
                {saving ? 'Changing...' : 'Change Password'}
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
