import { useCallback, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TIME_ZONES } from '@mathdaily/domain/accounts/time-zones';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/auth-store.ts';
import { announce } from '../../components/announcer.tsx';
import { FieldError } from '../../components/field-error.tsx';
import { LoadFailedAlert } from '../../components/retry-alert.tsx';
import { TimeZoneOptions } from '../../components/time-zones.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useLoad } from '../../components/use-load.ts';
import { classesApi, joinLinkOf, type ClassSummary } from './classes-api.ts';
import { TutorPicker, useTutorScope } from './tutor-picker.tsx';
import { ButtonLink } from '../../components/button-link.tsx';
import './tutor.css';
import './classroom.css';

/** The browser's own zone when it is one of the offered twelve, else London. */
function defaultZone(profileZone: string | undefined): string {
  const offered = new Set<string>(TIME_ZONES.map((zone) => zone.id));
  if (profileZone && profileZone !== 'UTC' && offered.has(profileZone)) return profileZone;
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return offered.has(browser) ? browser : 'Europe/London';
}

/** /tutor/classes: the tutor's classes with their join codes and links; a new class in one step. */
export function TutorClassesPage() {
  useDocumentTitle('Classes');
  const user = useAuth((state) => state.user);
  const tutorId = useTutorScope();
  const { load, reload } = useLoad(useCallback((signal: AbortSignal) => classesApi.list(tutorId, signal), [tutorId]));
  const [name, setName] = useState('');
  const [zone, setZone] = useState(() => defaultZone(user?.timezone));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const isTutor = user?.role === 'tutor';

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const made = await classesApi.create(name, zone);
      announce(`Class ${name.trim()} created. Its join code is ${made.join_code.split('').join(' ')}.`);
      setName('');
      reload();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  const classes = load.kind === 'ready' ? load.data.classes : null;
  const open = classes?.filter((item) => item.archived_at === null) ?? [];
  const archived = classes?.filter((item) => item.archived_at !== null) ?? [];

  return (
    <main id="main" className="page tutor-page">
      <header className="tutor-header">
        <div>
          <h1>Classes</h1>
          <p className="muted">Each class has a join code and a join link: students enter the code when they register or on their profile, or open the link.</p>
        </div>
        <TutorPicker />
      </header>

      {isTutor ? (
        <form className="card class-new" onSubmit={(event) => void create(event)} noValidate aria-labelledby="new-class-heading">
          <h2 id="new-class-heading" className="visually-hidden">
            New class
          </h2>
          <div className="field">
            <label htmlFor="class-name">New class name</label>
            <input id="class-name" value={name} maxLength={60} placeholder="e.g. 7B Maths" onChange={(event) => setName(event.target.value)} aria-describedby={error ? 'class-name-error' : undefined} />
          </div>
          <div className="field">
            <label htmlFor="class-zone">Time zone (for due dates)</label>
            <select id="class-zone" value={zone} onChange={(event) => setZone(event.target.value)}>
              <TimeZoneOptions />
            </select>
          </div>
          <button type="submit" className="button primary" disabled={saving}>
            {saving ? 'Creating…' : 'Create class'}
          </button>
          <FieldError id="class-name" error={error} alert />
        </form>
      ) : null}

      <LoadFailedAlert load={load} onRetry={reload} />
      {classes === null && load.kind !== 'error' ? <p className="muted">Loading classes…</p> : null}
      {classes !== null && open.length === 0 ? (
        <div className="card tutor-empty">
          <p className="tutor-empty-title">No classes yet</p>
          <p className="muted">{isTutor ? 'Create your first class above: you will get a code and a link to give your students.' : 'This tutor has no classes.'}</p>
        </div>
      ) : null}
      {open.length > 0 ? (
        <ul className="class-grid" aria-label="Your classes">
          {open.map((item) => (
            <ClassCard key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
      {archived.length > 0 ? (
        <details className="class-archived">
          <summary>Archived classes ({archived.length})</summary>
          <ul className="class-grid">
            {archived.map((item) => (
              <ClassCard key={item.id} item={item} />
            ))}
          </ul>
        </details>
      ) : null}
    </main>
  );
}

function ClassCard({ item }: { item: ClassSummary }) {
  const archived = item.archived_at !== null;
  return (
    <li className="card class-card">
      <h2>
        <Link to={`/tutor/classes/${item.id}`}>{item.name}</Link>
      </h2>
      <p className="class-facts">
        <span>
          {item.students} {item.students === 1 ? 'student' : 'students'}
          {item.students !== item.active_students ? ` (${item.active_students} active)` : ''}
        </span>
        <span>
          {item.open_assignments} {item.open_assignments === 1 ? 'assignment' : 'assignments'} open
        </span>
        {archived ? <span className="badge status-inactive">Archived</span> : null}
      </p>
      {archived ? null : <JoinCode code={item.join_code} />}
      <div className="class-card-actions">
        <ButtonLink to={`/tutor/classes/${item.id}`} small primary>
          Open<span className="visually-hidden"> {item.name}</span>
        </ButtonLink>
        {archived ? null : (
          <ButtonLink to={`/tutor/classes/${item.id}/live`} small>
            Live view<span className="visually-hidden"> of {item.name}</span>
          </ButtonLink>
        )}
      </div>
    </li>
  );
}

/** A class's join code, big enough to read out or copy from a projector, with buttons to copy the code and the link. */
export function JoinCode({ code }: { code: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
      announce(`${what} copied.`);
    } catch {
      setCopied(null);
      window.prompt(`Copy the ${what.toLowerCase()}:`, text);
    }
  };
  return (
    <div className="class-code">
      <span className="class-code-label">Join code</span>
      <span className="class-code-value" aria-label={`Join code ${code.split('').join(' ')}`}>
        {code}
      </span>
      <span className="class-code-actions">
        <button type="button" className="button small" onClick={() => void copy(code, 'Code')}>
          {copied === 'Code' ? 'Code copied' : 'Copy code'}
        </button>
        <button type="button" className="button small" onClick={() => void copy(joinLinkOf(code), 'Join link')}>
          {copied === 'Join link' ? 'Link copied' : 'Copy link'}
        </button>
      </span>
    </div>
  );
}
