import { useCallback, useEffect, useId, useState } from 'react';
import { api, errorMessage } from '../../api/client.ts';
import './privacy.css';

interface LinkedParent {
  id: string;
  name: string;
  linkedAt: string;
}

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-GB', { weekday: 'long', hour: '2-digit', minute: '2-digit' });

/**
 * The profile's "Your family" box (students): make a one-time code for a parent or guardian (it
 * works once, for 24 hours), see who can follow your progress, and remove anyone.
 */
export function FamilySection({ notify }: { notify(kind: 'success' | 'error', text: string): void }) {
  const id = useId();
  const [parents, setParents] = useState<LinkedParent[] | null>(null);
  const [code, setCode] = useState<{ code: string; expiresAt: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setParents((await api.get<{ data: { parents: LinkedParent[] } }>('/api/family')).data.parents);
    } catch (error) {
      notify('error', errorMessage(error));
    }
  }, [notify]);
  useEffect(() => void load(), [load]);

  const makeCode = async () => {
    setBusy(true);
    try {
      setCode(await api.post<{ code: string; expiresAt: string }>('/api/family/link-codes'));
    } catch (error) {
      notify('error', errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (parent: LinkedParent) => {
    if (!window.confirm(`Stop ${parent.name} seeing your progress?`)) return;
    try {
      await api.delete(`/api/family/parents/${parent.id}`);
      notify('success', `${parent.name} can no longer see your progress.`);
      await load();
    } catch (error) {
      notify('error', errorMessage(error));
    }
  };

  return (
    <section className="card profile-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Your family</h2>
      <p className="muted">A parent or guardian can follow your practice. Make a code and give it to them: it works once, for 24 hours.</p>
      {code ? (
        <div className="link-code" aria-live="polite">
          <span className="visually-hidden">Your code is </span>
          <span className="link-code-value" data-testid="family-link-code">
            {code.code}
          </span>
          <span className="muted">Works until {dateTime(code.expiresAt)}</span>
        </div>
      ) : null}
      <button type="button" className="button" onClick={() => void makeCode()} disabled={busy}>
        {code ? 'Make a new code' : 'Make a code for a parent'}
      </button>
      <h3 className="family-subheading">Who can see your progress</h3>
      {parents === null ? (
        <p className="muted">Loading...</p>
      ) : parents.length === 0 ? (
        <p className="muted">Nobody yet.</p>
      ) : (
        <ul className="people-list">
          {parents.map((parent) => (
            <li key={parent.id}>
              <span>{parent.name}</span>
              <button type="button" className="button small danger-outline" onClick={() => void remove(parent)}>
                Remove<span className="visually-hidden"> {parent.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
