import { useId } from 'react';
import { ProgressBar } from '../../components/progress-bar.tsx';

export interface ProfileCompletion {
  overall: number;
  required: number;
  optional: number;
  /** What counts (docs/accounts.md), so the card can name what is missing. */
  items?: { id: string; label: string; required: boolean; done: boolean }[];
}

function Bar({ label, value, emphasis = false }: { label: string; value: number; emphasis?: boolean }) {
  const id = useId();
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={`completion-row${emphasis ? ' completion-overall' : ''}`}>
      <div className="completion-label">
        <span id={id}>{label}</span>
        <strong>{percent}%</strong>
      </div>
      <ProgressBar labelledBy={id} percent={percent} fillClassName={percent === 100 ? 'complete' : undefined} />
    </div>
  );
}

/** SPEC §2 Profile Completion: overall, required and optional percentages. */
export function ProfileCompletionCard({ completion, error }: { completion: ProfileCompletion | null; error: string | null }) {
  return (
    <section className="card profile-card" aria-labelledby="completion-heading">
      <h2 id="completion-heading">Profile Completion</h2>
      {error && <p className="muted">{error}</p>}
      {!error && !completion && <div className="skeleton" style={{ height: 72 }} aria-hidden="true" />}
      {completion && (
        <>
          <Bar label="Overall" value={completion.overall} emphasis />
          <Bar label="Required details" value={completion.required} />
          <Bar label="Optional details" value={completion.optional} />
          {completion.overall >= 100 ? (
            <p className="completion-note done">Your profile is complete. Nice!</p>
          ) : (
            <>
              <p className="completion-note muted">Add the missing details below to complete your profile.</p>
              <MissingItems items={completion.items ?? []} />
            </>
          )}
        </>
      )}
    </section>
  );
}

function MissingItems({ items }: { items: NonNullable<ProfileCompletion['items']> }) {
  const missing = items.filter((item) => !item.done);
  if (!missing.length) return null;
  return (
    <ul className="completion-missing" aria-label="Still missing">
      {missing.map((item) => (
        <li key={item.id}>
          {item.label}{' '}
          <span className="completion-kind">{item.required ? 'required' : 'optional'}</span>
        </li>
      ))}
    </ul>
  );
}
