import { useState, type FormEvent } from 'react';
import { api } from '../../api/client.ts';
import { tokenStorage } from '../../auth/token-storage.ts';
import { NewPasswordField, PasswordField } from '../auth/form-fields.tsx';
import { changePasswordPayloadSchema, firstErrors } from '@mathdaily/domain/accounts/validation';
import type { FieldErrors } from '../auth/validation.ts';
import { useSectionForm } from './use-section-form.ts';

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
  const { form, setForm, errors, setErrors, onChange, saving, submit } = useSectionForm<Form>(EMPTY, IDS, notify);

  const toggle = () => {
    if (open) {
      setForm(EMPTY);
      setErrors({});
    }
    setOpen(!open);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const save = async () => {
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
    };
    // The API calls the new password 'password'.
    await submit(validatePasswordChange(form), save, 'Failed to change password', (key) => (key === 'password' ? 'newPassword' : key));
  };

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
            <PasswordField id={IDS.currentPassword} label="Current Password" error={errors.currentPassword} name="currentPassword" value={form.currentPassword} onChange={onChange} autoComplete="current-password" toggleNoun="current password" />
            <NewPasswordField id={IDS.newPassword} label="New Password" error={errors.newPassword} rulesId="new-password-rules" name="newPassword" value={form.newPassword} onChange={onChange} toggleNoun="new password" />
            <PasswordField id={IDS.confirmPassword} label="Confirm New Password" error={errors.confirmPassword} name="confirmPassword" value={form.confirmPassword} onChange={onChange} autoComplete="new-password" toggleNoun="confirm new password" />
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
