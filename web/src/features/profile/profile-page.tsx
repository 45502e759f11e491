import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/client.ts';
import { useAuth, type User } from '../../auth/auth-store.ts';
import { announce } from '../../components/announcer.tsx';
import { Spinner } from '../../components/loading-screen.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { AvatarSection, serverMessage } from './avatar-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ReadAloudSetting } from './read-aloud-setting.tsx';
import { PersonalInfoSection } from './personal-info-section.tsx';
import { JoinTutorSection } from '../tutor/join-tutor-section.tsx';
import { FamilySection } from '../privacy/family-section.tsx';
import { YourDataSection } from '../privacy/your-data-section.tsx';
import { ProfileBanner, useStickyBelowNav, type Banner } from './profile-banner.tsx';
import { ProfileCompletionCard, type ProfileCompletion } from './profile-completion.tsx';
import './profile.css';

type Load = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; user: User };

/** /profile: SPEC §2 Profile Settings. */
export function ProfilePage() {
  useDocumentTitle('Profile & Settings');
  const setStoreUser = useAuth((state) => state.setUser);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [completion, setCompletion] = useState<ProfileCompletion | null>(null);
  const [completionError, setCompletionError] = useState<string | null>(null);
  const [banner, setBanner] = useState<Banner>(null);
  const bannerSlot = useStickyBelowNav<HTMLDivElement>();
  const bannerId = useRef(0);

  const notify = useCallback((kind: 'success' | 'error', text: string) => {
    bannerId.current += 1;
    setBanner({ kind, text, id: bannerId.current });
    announce(text, kind === 'error' ? 'assertive' : 'polite');
  }, []);
  const clearBanner = useCallback(() => setBanner(null), []);

  const loadCompletion = useCallback(async () => {
    try {
      const { profileCompletion } = await api.get<{ profileCompletion: ProfileCompletion }>('/api/auth/profile/status');
      setCompletion(profileCompletion);
      setCompletionError(null);
    } catch (error) {
      setCompletionError(serverMessage(error, 'Failed to fetch profile status'));
    }
  }, []);

  const loaded = useRef(false);
  const loadProfile = useCallback(async () => {
    try {
      const { user } = await api.get<{ user: User }>('/api/auth/profile');
      loaded.current = true;
      setLoad({ kind: 'ready', user });
      setStoreUser(user);
    } catch (error) {
      // The first load failing leaves nothing to show; a later re-fetch keeps the page and says so.
      if (loaded.current) notify('error', serverMessage(error, 'Failed to fetch profile'));
      else setLoad({ kind: 'error', message: serverMessage(error, 'Failed to load profile') });
    }
  }, [setStoreUser, notify]);

  useEffect(() => {
    void loadProfile();
    void loadCompletion();
  }, [loadProfile, loadCompletion]);

  const onUserChange = (user: User) => {
    setLoad({ kind: 'ready', user });
    setStoreUser(user);
    void loadCompletion();
  };

  return (
    <main id="main" className="page profile-page">
      <div className="profile-header">
        <h1>Profile &amp; Settings</h1>
        <p className="muted">Manage your picture, personal details and password.</p>
      </div>
      <div className="profile-banner-slot" ref={bannerSlot}>
        <ProfileBanner banner={banner} onDone={clearBanner} />
      </div>

      {load.kind === 'loading' && (
        <div className="card center">
          <Spinner label="Loading your profile..." />
        </div>
      )}
      {load.kind === 'error' && (
        <div className="alert alert-error" data-testid="profile-load-error">
          <h2>{load.message}</h2>
          <button
            type="button"
            className="button small"
            onClick={() => {
              setLoad({ kind: 'loading' });
              void loadProfile();
            }}
          >
            Try Again
          </button>
        </div>
      )}
      {load.kind === 'ready' && (
        <div className="profile-layout">
          <div className="profile-side">
            <ProfileCompletionCard completion={completion} error={completionError} />
          </div>
          <div className="profile-main">
            <AvatarSection
              user={load.user}
              onImageChange={(profileImageUrl) => onUserChange({ ...load.user, profileImageUrl })}
              onReload={loadProfile}
              notify={notify}
            />
            <PersonalInfoSection user={load.user} onSaved={onUserChange} notify={notify} />
            <PasswordSection notify={notify} />
            <ReadAloudSetting gradeLevel={load.user.gradeLevel} />
            {load.user.role === 'student' ? <JoinTutorSection notify={notify} /> : null}
            {load.user.role === 'student' ? <FamilySection notify={notify} /> : null}
            <YourDataSection user={load.user} notify={notify} />
          </div>
        </div>
      )}
    </main>
  );
}
