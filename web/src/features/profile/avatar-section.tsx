import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { AvatarRemovedResponse, AvatarResponse } from '@mathdaily/domain/api/accounts';
import { api, errorMessage } from '../../api/client.ts';
import type { User } from '../../auth/auth-store.ts';
import { Avatar } from '../../components/avatar.tsx';
import { AVATAR_FILTERS, AVATAR_TYPES, avatarFileProblem, matchesFilter, readAvatarFile, type AvatarFilter } from './avatar-file.ts';

export interface AvatarOption {
  id: string;
  name: string;
  url: string;
  category: string;
}

interface AvatarSectionProps {
  user: User;
  onImageChange(profileImageUrl: string): void;
  /** Reloads the profile (after a delete the server decides the fallback picture). */
  onReload(): Promise<void>;
  notify(kind: 'success' | 'error', text: string): void;
}

interface Preview {
  dataUrl: string;
  base64: string;
  name: string;
  type: string;
}

/** SPEC §2 Profile Picture: predefined gallery for everyone; upload and remove for tutors and admins. */
export function AvatarSection({ user, onImageChange, onReload, notify }: AvatarSectionProps) {
  const [avatars, setAvatars] = useState<AvatarOption[] | null>(null);
  const [avatarsError, setAvatarsError] = useState<string | null>(null);
  const [filter, setFilter] = useState<AvatarFilter>('all');
  const [busy, setBusy] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const canUpload = user.role === 'tutor' || user.role === 'admin';

  useEffect(() => {
    let active = true;
    api.get<{ avatars: AvatarOption[] }>('/api/auth/avatars').then(
      ({ avatars: list }) => active && setAvatars(list),
      (error: unknown) => active && setAvatarsError(errorMessage(error)),
    );
    return () => {
      active = false;
    };
  }, []);

  const current = user.profileImageUrl;
  // A custom picture is an uploaded one: not predefined, and not the generated initials circle (a data: URL).
  const isCustom = Boolean(current && !current.startsWith('data:') && avatars && !avatars.some((avatar) => avatar.url === current));
  const shown = avatars?.filter((avatar) => matchesFilter(avatar.category, filter)) ?? [];

  const choose = async (avatar: AvatarOption) => {
    // Picking the avatar already shown is allowed: a student's default (π) then counts as chosen.
    if (busy) return;
    setBusy(avatar.id);
    try {
      const { profileImageUrl } = await api.put<AvatarResponse>('/api/auth/profile/avatar', { avatarUrl: avatar.url });
      onImageChange(profileImageUrl);
      notify('success', 'Profile picture updated');
    } catch (error) {
      notify('error', serverMessage(error, 'Failed to set avatar'));
    } finally {
      setBusy(null);
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      setPreview(null);
      notify('error', problem);
      return;
    }
    try {
      const { dataUrl, base64 } = await readAvatarFile(file);
      setPreview({ dataUrl, base64, name: file.name, type: file.type });
    } catch (error) {
      notify('error', errorMessage(error));
    }
  };

  const upload = async () => {
    if (!preview) return;
    setBusy('upload');
    try {
      const { profileImageUrl } = await api.post<AvatarResponse>('/api/auth/profile/avatar', {
        file: preview.base64,
        originalName: preview.name,
        mimeType: preview.type,
      });
      onImageChange(profileImageUrl);
      setPreview(null);
      notify('success', 'Profile picture uploaded');
    } catch (error) {
      notify('error', serverMessage(error, 'Failed to upload avatar'));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('remove');
    try {
      const { profileImageUrl } = await api.delete<AvatarRemovedResponse>('/api/auth/profile/avatar');
      onImageChange(profileImageUrl);
      await onReload();
      notify('success', 'Profile picture removed');
    } catch (error) {
      notify('error', serverMessage(error, 'Failed to delete avatar'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card profile-card" aria-labelledby="avatar-heading">
      <h2 id="avatar-heading">Profile Picture</h2>
      <div className="avatar-current">
        <Avatar user={user} size={88} />
        <div>
          <p className="avatar-current-name">
            {user.firstName} {user.lastName}
          </p>
          <p className="muted small">{canUpload ? 'Choose an avatar below or upload your own picture.' : 'Choose an avatar from the gallery below.'}</p>
          {isCustom && canUpload && (
            <button type="button" className="button small" onClick={() => void remove()} disabled={busy !== null}>
              {busy === 'remove' ? 'Removing...' : 'Remove picture'}
            </button>
          )}
        </div>
      </div>

      {canUpload && (
        <div className="avatar-upload">
          {preview ? (
            <div className="avatar-preview" data-testid="avatar-preview">
              <img src={preview.dataUrl} alt="Preview of the picture to upload" width={88} height={88} />
              <div>
                <p className="small">
                  <strong>{preview.name}</strong>
                </p>
                <div className="button-row left">
                  <button type="button" className="button primary small" onClick={() => void upload()} disabled={busy !== null}>
                    {busy === 'upload' ? 'Uploading...' : 'Upload'}
                  </button>
                  <button type="button" className="button small" onClick={() => setPreview(null)} disabled={busy === 'upload'}>
                    Cancel
                  </button>
                </div>
              </div>
            </div>
          ) : (
            <div className="field">
              <label htmlFor="avatar-file">Upload your own picture</label>
              <input
                ref={fileInput}
                id="avatar-file"
                type="file"
                accept={AVATAR_TYPES.join(',')}
                onChange={(event) => void onFile(event)}
                aria-describedby="avatar-file-hint"
              />
              <p className="field-hint" id="avatar-file-hint">
                JPEG, PNG or GIF, up to 2MB.
              </p>
            </div>
          )}
        </div>
      )}

      <div className="avatar-filters" role="group" aria-label="Filter avatars">
        {AVATAR_FILTERS.map((option) => (
          <button
            key={option.id}
            type="button"
            className={`chip${filter === option.id ? ' active' : ''}`}
            aria-pressed={filter === option.id}
            onClick={() => setFilter(option.id)}
          >
            {option.label}
          </button>
        ))}
      </div>
      {avatarsError && <p className="muted">Avatars could not be loaded: {avatarsError}</p>}
      {!avatars && !avatarsError && <div className="skeleton" style={{ height: 120 }} aria-hidden="true" />}
      {avatars && (
        <ul className="avatar-gallery" aria-label="Avatars">
          {shown.map((avatar) => {
            const selected = avatar.url === current;
            return (
              <li key={avatar.id}>
                <button
                  type="button"
                  className={`avatar-option${selected ? ' selected' : ''}`}
                  aria-pressed={selected}
                  onClick={() => void choose(avatar)}
                  disabled={busy !== null && busy !== avatar.id}
                  title={avatar.name}
                >
                  <img src={avatar.url} alt="" width={64} height={64} loading="lazy" />
                  <span className="avatar-option-name">{avatar.name}</span>
                  {busy === avatar.id && <span className="visually-hidden"> (saving)</span>}
                </button>
              </li>
            );
          })}
          {shown.length === 0 && <li className="muted">No avatars in this category.</li>}
        </ul>
      )}
    </section>
  );
}

/** SPEC §8: the server's message when it gave one, else the fallback text. */
export function serverMessage(error: unknown, fallback: string): string {
  const message = errorMessage(error);
  return !message || message === 'An error occurred' || message === 'An unexpected error occurred' ? fallback : message;
}
