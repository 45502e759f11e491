import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { greeting } from '@mathdaily/domain/learning/progress';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { useAuth } from '../../auth/auth-store.ts';
import { VerifyReminder } from './verify-reminder.tsx';
import { ClassWork } from './class-work.tsx';
import '../tutor/classroom.css';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { fetchDashboard } from './dashboard-api.ts';
import { ButtonLink } from '../../components/button-link.tsx';
import './dashboard.css';

export const DASHBOARD_LOAD_ERROR = 'Failed to load your dashboard. Please try again.';


const COMING_SOON = [
  { icon: '📈', title: 'Advanced analytics', text: 'Deeper charts of how your skills grow over time.' },
  { icon: '🔥', title: 'Streaks', text: 'Rewards for practising on more days of the week.' },
  { icon: '🧠', title: 'Smart recommendations', text: 'Suggestions for what to practise next, picked for you.' },
  { icon: '🤝', title: 'Collaborative learning', text: 'Practise together with friends and classmates.' },
];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** /dashboard: SPEC §2 Student dashboard, with real figures (DESIGN §7). */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useAuth((state) => state.user);
  const { load, reload } = useLoad(useMemo(() => (user ? (signal: AbortSignal) => fetchDashboard(user.id, signal) : null), [user]));
  const [hour] = useState(() => new Date().getHours());

  if (!user) return null;
  const data = load.kind === 'ready' ? load.data : null;

  return (
    <main id="main" className="page dashboard-page">
      <header className="dashboard-hello">
        <h1>
          {greeting(hour)}, {user.firstName}!
        </h1>
        <p className="muted">
          {data?.practiced_today
            ? 'You have practised today — nice work. See you tomorrow.'
            : 'Ten minutes of practice a day is all it takes. Ready for today’s session?'}
        </p>
      </header>

      <VerifyReminder user={user} />

      {user.role === 'student' ? <ClassWork /> : null}

      {load.kind === 'error' ? (
        <RetryAlert className="dashboard-error" onRetry={reload}>
          <h2>{DASHBOARD_LOAD_ERROR}</h2>
        </RetryAlert>
      ) : null}

      <section aria-labelledby="dashboard-stats-heading" className="dashboard-section">
        <h2 id="dashboard-stats-heading" className="visually-hidden">
          Your progress at a glance
        </h2>
        {data ? (
          <dl className="dashboard-tiles">
            {/* Problems, not answers: the progress page's success rate counts every answer. */}
            <Tile icon="✅" label="Problems Solved" value={String(data.problems_solved)} testId="tile-problems-solved" note="different problems answered right" />
            <Tile icon="🔥" label="Day Streak" value={plural(data.day_streak, 'day', 'days')} testId="tile-day-streak" />
            <Tile
              icon="🎓"
              label="Grade Level"
              value={data.grade_level === null ? 'Not set' : `Grade ${data.grade_level}`}
              testId="tile-grade-level"
            />
            <Tile
              icon="📊"
              label="Progress"
              value={`${data.progress_percent}%`}
              testId="tile-progress"
              percent={data.progress_percent}
              note={data.grade_level === null ? 'of all problems solved' : `of Grade ${data.grade_level} problems solved`}
            />
          </dl>
        ) : load.kind === 'loading' ? (
          <div className="dashboard-tiles" aria-busy="true">
            <span className="visually-hidden" role="status">
              Loading your dashboard...
            </span>
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="dashboard-tile skeleton dashboard-skeleton" aria-hidden="true" />
            ))}
          </div>
        ) : null}
      </section>

      <section aria-labelledby="dashboard-actions-heading" className="dashboard-section">
        <h2 id="dashboard-actions-heading" className="visually-hidden">
          What would you like to do?
        </h2>
        <div className="dashboard-cards">
          <DashboardCard kind="practice" icon="🚀" title="Practice">
            <p className="muted">A short session of problems picked for your level: reviews first, then something new.</p>
            <div className="dashboard-card-actions">
              <ButtonLink to="/learn" primary>Start Practice</ButtonLink>
              <ButtonLink to="/placement">Find my level</ButtonLink>
            </div>
          </DashboardCard>

          <DashboardCard kind="review" icon="🔁" title="Review">
            {data ? (
              <>
                <p className="dashboard-card-figure" data-testid="review-due">
                  {plural(data.problems_due, 'problem', 'problems')} due
                </p>
                <p className="muted">
                  {data.problems_due > 0
                    ? data.problems_overdue
                      ? `${data.problems_overdue} of them waiting since an earlier day. Reviewing on time makes them stick.`
                      : 'Reviewing problems right when they are due makes them stick.'
                    : 'You are all caught up. New reviews appear as you practise.'}
                </p>
                {data.problems_due > 0 ? (
                  <ButtonLink to="/learn" primary>Start Review</ButtonLink>
                ) : (
                  <ButtonLink to="/learn">Practise something new</ButtonLink>
                )}
              </>
            ) : (
              <div className="skeleton dashboard-line" aria-hidden="true" />
            )}
          </DashboardCard>

          <DashboardCard kind="achievements" icon="🏆" title="Achievements">
            {data ? (
              <>
                <p className="dashboard-card-figure" data-testid="achievements-count">
                  {data.achievements_earned} of {data.achievements_total}
                </p>
                <ProgressBar label="Achievements earned" value={data.achievements_earned} max={data.achievements_total} />
              </>
            ) : (
              <div className="skeleton dashboard-line" aria-hidden="true" />
            )}
            <ButtonLink to="/achievements">View Achievements</ButtonLink>
          </DashboardCard>
        </div>
      </section>

      <p className="dashboard-progress-link">
        <Link to="/progress">
          See your detailed progress <span aria-hidden="true">→</span>
        </Link>
      </p>

      <section className="card dashboard-soon" aria-labelledby="dashboard-soon-heading">
        <h2 id="dashboard-soon-heading">Coming soon</h2>
        <ul>
          {COMING_SOON.map((item) => (
            <li key={item.title}>
              <span className="dashboard-soon-icon" aria-hidden="true">
                {item.icon}
              </span>
              <span>
                <strong>{item.title}</strong>
                <span className="muted small">{item.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

/** One of the dashboard's three cards (practice, review, achievements): an icon, a title, the card's content. */
function DashboardCard({ kind, icon, title, children }: { kind: string; icon: string; title: string; children: ReactNode }) {
  return (
    <article className={`card dashboard-card dashboard-${kind}`}>
      <p className="dashboard-card-icon" aria-hidden="true">
        {icon}
      </p>
      <h3>{title}</h3>
      {children}
    </article>
  );
}

function Tile(props: { icon: string; label: string; value: string; testId: string; percent?: number; note?: string }) {
  const { icon, label, value, testId, percent, note } = props;
  return (
    <div className="dashboard-tile">
      <dt>
        <span className="dashboard-tile-icon" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd>
        <span className="dashboard-tile-value" data-testid={testId}>
          {value}
        </span>
        {percent !== undefined ? (
          <span className="progress-track dashboard-tile-bar" aria-hidden="true">
            <span className="progress-fill" style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
          </span>
        ) : null}
        {note ? <span className="dashboard-tile-note">{note}</span> : null}
      </dd>
    </div>
  );
}
