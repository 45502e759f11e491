import { useCallback, useId, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/auth-store.ts';
import { announce } from '../../components/announcer.tsx';
import { CodeField, useCodeForm } from '../../components/code-field.tsx';
import { Detail } from '../../components/detail.tsx';
import { Spinner } from '../../components/loading-screen.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { DeleteAccountForm } from '../privacy/delete-account-form.tsx';
import { dataFileName, downloadPersonalData } from '../privacy/privacy-api.ts';
import { eraseChild, fetchFamily, linkChild, setWeeklySummary, unlinkChild, type ChildSummary } from './parent-api.ts';
import '../privacy/privacy.css';
import './parent.css';

type Notice = { kind: 'success' | 'error'; text: string } | null;

const dayMonth = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** /parent: a parent's dashboard, read-only: each linked child's week and standing; link, unlink, download, delete. */
export function ParentDashboardPage() {
  useDocumentTitle('Your family');
  const user = useAuth((state) => state.user);
  const { load, reload } = useLoad(fetchFamily);
  const [notice, setNotice] = useState<Notice>(null);

  const notify = useCallback((kind: 'success' | 'error', text: string) => {
    setNotice({ kind, text });
    announce(text, kind === 'error' ? 'assertive' : 'polite');
  }, []);

  const family = load.kind === 'ready' ? load.data : null;
  return (
    <main id="main" className="page parent-page">
      <header className="parent-header">
        <h1>Your family</h1>
        <p className="muted">
          {user ? `Hello ${user.firstName}. ` : ''}Here is how your children are getting on this week. You can look, but not change anything.
        </p>
      </header>
      {notice ? (
        <div className={`alert alert-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </div>
      ) : null}
      {load.kind === 'loading' ? (
        <div className="card center">
          <Spinner label="Loading your family..." />
        </div>
      ) : null}
      {load.kind === 'error' ? (
        <RetryAlert onRetry={reload}>
          <h2>{load.message}</h2>
        </RetryAlert>
      ) : null}
      {family ? (
        <div className="parent-layout">
          <div className="parent-children">
            {family.children.length === 0 ? (
              <section className="card parent-empty" aria-labelledby="no-children-heading">
                <p className="big-emoji" aria-hidden="true">
                  👨‍👩‍👧
                </p>
                <h2 id="no-children-heading">No children linked yet</h2>
                <p className="muted">
                  Ask your child to open <strong>Profile &amp; Settings</strong> in MathDaily and press <strong>Make a code for a parent</strong>{' '}
                  (their tutor can make one too). Then type the code here. It works once, for 24 hours.
                </p>
              </section>
            ) : (
              family.children.map((child) => <ChildCard key={child.id} child={child} notify={notify} onChanged={reload} />)
            )}
          </div>
          <aside className="parent-side">
            <LinkChildCard full={family.children.length >= 3} notify={notify} onLinked={reload} />
            <WeeklySummaryCard enabled={family.weeklySummary.enabled} notify={notify} onChanged={reload} />
          </aside>
        </div>
      ) : null}
    </main>
  );
}

function ChildCard({ child, notify, onChanged }: { child: ChildSummary; notify(kind: 'success' | 'error', text: string): void; onChanged(): void }) {
  const id = useId();
  const [deleting, setDeleting] = useState(false);
  const { week } = child;
  const practised = new Set(week.days.filter((day) => day.answers > 0).map((day) => day.date));
  const days = Array.from({ length: 7 }, (_, index) => {
    const date = new Date(`${week.start}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() + index);
    return date.toISOString().slice(0, 10);
  });
  const topics = [...child.masteryByTopic].sort((a, b) => b.total - a.total).slice(0, 6);

  const download = async () => {
    try {
      await downloadPersonalData(child.id, dataFileName(child.firstName));
      notify('success', `${child.firstName}'s data is downloading as a ZIP file.`);
    } catch (error) {
      notify('error', errorMessage(error));
    }
  };
  const unlink = async () => {
    if (!window.confirm(`Stop following ${child.firstName}? They can link you again with a new code.`)) return;
    try {
      await unlinkChild(child.id);
      notify('success', `You no longer follow ${child.firstName}.`);
      onChanged();
    } catch (error) {
      notify('error', errorMessage(error));
    }
  };
  const erase = async (password: string) => {
    await eraseChild(child.id, password);
    notify('success', `${child.firstName}'s account has been deleted.`);
    onChanged();
  };

  return (
    <article className="card child-card" aria-labelledby={`${id}-name`} data-testid="child-card">
      <header className="child-head">
        <div>
          <h2 id={`${id}-name`}>
            {child.firstName} {child.lastName}
          </h2>
          <p className="muted">{child.gradeLevel ? `Grade ${child.gradeLevel}` : 'Grade not set'}</p>
        </div>
      </header>

      <section aria-labelledby={`${id}-week`}>
        <h3 id={`${id}-week`}>
          This week <span className="muted">({dayMonth(week.start)} – {dayMonth(week.end)})</span>
        </h3>
        <ol className="week-days" aria-label={`Days practised: ${week.daysPractised} of the days so far`}>
          {days.map((date) => (
            <li key={date} className={practised.has(date) ? 'practised' : date > week.end ? 'later' : ''}>
              <span aria-hidden="true">{weekday(date).slice(0, 2)}</span>
              <span className="visually-hidden">
                {weekday(date)}: {practised.has(date) ? 'practised' : date > week.end ? 'still to come' : 'no practice'}
              </span>
            </li>
          ))}
        </ol>
        <dl className="child-figures" data-testid="child-week">
          <Detail term="Days practised">{week.daysPractised}</Detail>
          <Detail term="Time">{plural(week.minutes, 'minute')}</Detail>
          <Detail term="Problems answered">{week.answers}</Detail>
          <Detail term="Right first time">{week.accuracy === null ? '—' : `${Math.round(week.accuracy * 100)}%`}</Detail>
        </dl>
      </section>

      <div className="child-columns">
        <section aria-labelledby={`${id}-topics`}>
          <h3 id={`${id}-topics`}>Topics</h3>
          {topics.length === 0 ? (
            <p className="muted">No topics practised yet.</p>
          ) : (
            <ul className="topic-list">
              {topics.map((topic) => (
                <li key={topic.topic}>
                  <span className="topic-name">{topic.topic}</span>
                  <span className="topic-level">{topic.level}</span>
                  <span className="progress-track" aria-hidden="true">
                    <span className="progress-fill" style={{ width: `${topic.total ? (topic.mastered / topic.total) * 100 : 0}%` }} />
                  </span>
                  <span className="visually-hidden">
                    {topic.mastered} of {topic.total} problems mastered
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby={`${id}-achievements`}>
          <h3 id={`${id}-achievements`}>Achievements</h3>
          {child.achievements.length === 0 ? (
            <p className="muted">None yet.</p>
          ) : (
            <ul className="achievement-list">
              {child.achievements.slice(0, 4).map((achievement) => (
                <li key={achievement.id}>
                  <span aria-hidden="true">{achievement.icon}</span> {achievement.title}
                </li>
              ))}
            </ul>
          )}
          <h3 className="child-assignments-heading">From their tutor</h3>
          {child.assignments.length === 0 ? (
            <p className="muted">No work set.</p>
          ) : (
            <ul className="achievement-list">
              {child.assignments.map((assignment) => (
                <li key={assignment.id}>
                  {assignment.title} <span className="muted">({assignment.answered} of {assignment.problems} done)</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <footer className="child-actions">
        <button type="button" className="button small" onClick={() => void download()}>
          Download {child.firstName}&apos;s data
        </button>
        <button type="button" className="button small" onClick={() => void unlink()}>
          Stop following
        </button>
        {!deleting ? (
          <button type="button" className="button small danger-outline" onClick={() => setDeleting(true)}>
            Delete account
          </button>
        ) : null}
      </footer>
      {deleting ? <DeleteAccountForm whose={`${child.firstName}'s`} onDelete={erase} onCancel={() => setDeleting(false)} /> : null}
    </article>
  );
}

function LinkChildCard({ full, notify, onLinked }: { full: boolean; notify(kind: 'success' | 'error', text: string): void; onLinked(): void }) {
  const id = useId();
  const form = useCodeForm('Please enter the code your child gave you.', async (entered) => {
    const { child } = await linkChild(entered);
    notify('success', `You are now linked to ${child.firstName}.`);
    onLinked();
  });
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Link a child</h2>
      {full ? (
        <p className="muted">You follow 3 children, the most one parent account can (family sharing). Stop following one to add another.</p>
      ) : (
        <form onSubmit={(event) => void form.submit(event)} noValidate>
          <CodeField
            baseId={id}
            label="Code from your child"
            form={form}
            spellCheck={false}
            placeholder="e.g. 7KQM-4X2P"
            hint={<>Your child makes it under Profile &amp; Settings. You can follow up to 3 children.</>}
          />
          <button type="submit" className="button primary" disabled={form.busy}>
            {form.busy ? 'Linking...' : 'Link child'}
          </button>
        </form>
      )}
    </section>
  );
}

function WeeklySummaryCard({ enabled, notify, onChanged }: { enabled: boolean; notify(kind: 'success' | 'error', text: string): void; onChanged(): void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      notify('success', (await setWeeklySummary(!enabled)).message);
      onChanged();
    } catch (error) {
      notify('error', errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Weekly e-mail</h2>
      <p className="muted">
        {enabled
          ? 'Every Monday we e-mail you a short summary of last week. Each e-mail has a link to stop them in one click.'
          : 'Weekly summaries are off. Turn them on to get a short e-mail every Monday.'}
      </p>
      <button type="button" className="button" onClick={() => void toggle()} disabled={busy} aria-pressed={enabled}>
        {enabled ? 'Turn off weekly e-mails' : 'Turn on weekly e-mails'}
      </button>
    </section>
  );
}
