import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, errorMessage } from '../../api/client.ts';
import { useAuth, type User } from '../../auth/auth-store.ts';
import { announce } from '../../components/announcer.tsx';
import { DeleteAccountForm } from './delete-account-form.tsx';
import { dataFileName, downloadPersonalData } from './privacy-api.ts';
import './privacy.css';

/** The profile's "Your data" box, for everyone: download everything we keep, or delete the account. */
export function YourDataSection({ user, notify }: { user: User; notify(kind: 'success' | 'error', text: string): void }) {
  const id = useId();
  const navigate = useNavigate();
  const setSignedOut = useAuth((state) => state.setSignedOut);
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadPersonalData(user.id, dataFileName(user.firstName));
      notify('success', 'Your data is downloading as a ZIP file.');
    } catch (error) {
      notify('error', errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  const erase = async (password: string) => {
    await api.delete('/api/auth/account', { password });
    // Every session of the account is over: forget ours here, without asking the server.
    setSignedOut();
    announce('Your account has been deleted.', 'assertive');
    navigate('/login', { replace: true, state: { accountDeleted: true } });
  };

  return (
    <section className="card profile-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Your data</h2>
      <p className="muted">
        You can see everything MathDaily keeps about you: your profile, every answer and every sign-in, in one ZIP file. See the{' '}
        <a href="/privacy#for-children" target="_blank" rel="noreferrer">
          privacy notice for children
        </a>{' '}
        for what we keep and why.
      </p>
      <div className="button-row left">
        <button type="button" className="button" onClick={() => void download()} disabled={downloading}>
          {downloading ? 'Preparing your file...' : 'Download my data'}
        </button>
        {!deleting ? (
          <button type="button" className="button danger-outline" aria-expanded={false} aria-controls={`${id}-delete`} onClick={() => setDeleting(true)}>
            Delete my account
          </button>
        ) : null}
      </div>
      <div id={`${id}-delete`} hidden={!deleting}>
        {deleting ? <DeleteAccountForm whose="your" onDelete={erase} onCancel={() => setDeleting(false)} /> : null}
      </div>
    </section>
  );
}
