import { useState, type FormEvent } from 'react';
import { api } from '../../api/client.ts';
import type { User } from '../../auth/auth-store.ts';
import { Detail } from '../../components/detail.tsx';
import { TimeZoneOptions, timeZoneLabel } from '../../components/time-zones.tsx';
import { firstErrors, profileUpdateSchema } from '@mathdaily/domain/accounts/validation';
import { DEFAULT_TIME_ZONE, TIME_ZONES } from '@mathdaily/domain/accounts/time-zones';
import { GradeOptions, SelectField, TextField } from '../auth/form-fields.tsx';
import { serverMessage } from './avatar-section.tsx';
import { useSectionForm } from './use-section-form.ts';

interface PersonalInfoProps {
  user: User;
  onSaved(user: User): void;
  notify(kind: 'success' | 'error', text: string): void;
}

type Form = {
  firstName: string;
  lastName: string;
  gradeLevel: string;
  timezone: string;
};

const IDS: Record<keyof Form, string> = { firstName: 'profile-first-name', lastName: 'profile-last-name', gradeLevel: 'profile-grade', timezone: 'profile-timezone' };

function formOf(user: User): Form {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    gradeLevel: user.gradeLevel ? String(user.gradeLevel) : '',
    timezone: user.timezone || DEFAULT_TIME_ZONE,
  };
}

function formatDate(value: string | null | undefined): string {
  if (!value) return 'Never';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** SPEC §2 Personal Information: view, Edit (becomes Cancel), Save Changes. Email is read-only. */
export function PersonalInfoSection({ user, onSaved, notify }: PersonalInfoProps) {
  const [editing, setEditing] = useState(false);
  const { form, setForm, errors, setErrors, onChange, saving, submit } = useSectionForm<Form>(() => formOf(user), IDS, notify);

  const [resending, setResending] = useState(false);
  const resend = async () => {
    setResending(true);
    try {
      await api.post('/api/auth/resend-verification');
      notify('success', 'Verification email sent. Please check your inbox.');
    } catch (error) {
      notify('error', serverMessage(error, 'Failed to send the verification email'));
    } finally {
      setResending(false);
    }
  };

  const toggle = () => {
    if (editing) {
      setEditing(false);
      setErrors({});
    } else {
      setForm(formOf(user));
      setEditing(true);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      gradeLevel: form.gradeLevel ? Number(form.gradeLevel) : null,
      timezone: form.timezone,
    };
    await submit(
      firstErrors(profileUpdateSchema.safeParse(body)),
      async () => {
        const { user: saved } = await api.put<{ user: User }>('/api/auth/profile', body);
        onSaved(saved);
        setEditing(false);
        notify('success', 'Profile updated successfully');
      },
      'Failed to update profile',
    );
  };

  return (
    <section className="card profile-card" aria-labelledby="personal-heading">
      <div className="section-head">
        <h2 id="personal-heading">Personal Information</h2>
        <button type="button" className="button small" onClick={toggle} disabled={saving} aria-controls="personal-body" aria-expanded={editing}>
          {editing ? 'Cancel' : 'Edit'}
        </button>
      </div>
      <div id="personal-body">
        {editing ? (
          <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={saving}>
            <div className="profile-grid">
              <TextField id={IDS.firstName} label="First Name" error={errors.firstName} name="firstName" type="text" autoComplete="given-name" value={form.firstName} onChange={onChange} required />
              <TextField id={IDS.lastName} label="Last Name" error={errors.lastName} name="lastName" type="text" autoComplete="family-name" value={form.lastName} onChange={onChange} required />
              <div className="field">
                <label htmlFor="profile-email">Email Address</label>
                <input id="profile-email" type="email" value={user.email} readOnly aria-describedby="profile-email-hint" className="read-only" />
                <p className="field-hint" id="profile-email-hint">
                  Your email address can&apos;t be changed here.
                </p>
              </div>
              <SelectField
                id={IDS.gradeLevel}
                label="Grade Level"
                error={errors.gradeLevel}
                name="gradeLevel"
                value={form.gradeLevel}
                onChange={onChange}
                options={
                  <>
                    <option value="">Not set</option>
                    <GradeOptions />
                  </>
                }
              />
              <SelectField
                id={IDS.timezone}
                label="Timezone"
                error={errors.timezone}
                name="timezone"
                value={form.timezone}
                onChange={onChange}
                options={
                  <>
                    {!TIME_ZONES.some((zone) => zone.id === form.timezone) && <option value={form.timezone}>{form.timezone}</option>}
                    <TimeZoneOptions />
                  </>
                }
              />
            </div>
            <div className="button-row left">
              <button type="submit" className="button primary" disabled={saving}>
                {saving ? 'Saving...' : 'Save Changes'}
              </button>
              <button type="button" className="button" onClick={toggle} disabled={saving}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <dl className="profile-details" data-testid="personal-details">
            <Detail term="First Name">{user.firstName}</Detail>
            <Detail term="Last Name">{user.lastName}</Detail>
            <Detail term="Email Address">
              {user.email}{' '}
              <span className={`badge ${user.isEmailVerified ? 'badge-verified' : 'badge-unverified'}`}>{user.isEmailVerified ? 'Verified' : 'Not verified'}</span>
              {!user.isEmailVerified && (
                <button type="button" className="button link small resend-link" onClick={() => void resend()} disabled={resending}>
                  {resending ? 'Sending...' : 'Resend verification email'}
                </button>
              )}
            </Detail>
            <Detail term="Grade Level">{user.gradeLevel ? `Grade ${user.gradeLevel}` : 'Not set'}</Detail>
            <Detail term="Timezone">{timeZoneLabel(user.timezone || DEFAULT_TIME_ZONE)}</Detail>
            <Detail term="Role" className="capitalize">{user.role}</Detail>
            <Detail term="Member Since">{formatDate(user.createdAt)}</Detail>
            <Detail term="Last Sign-in">{formatDate(user.lastLoginAt)}</Detail>
          </dl>
        )}
      </div>
    </section>
  );
}
