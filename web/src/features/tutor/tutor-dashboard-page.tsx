import { useCallback, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/auth-store.ts';
import { announce } from '../../components/announcer.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useLoad } from '../../components/use-load.ts';
import { StatusBadge } from './roster-table.tsx';
import { connectLiveFeed, unreadAlerts, useLiveFeed } from './live-feed.ts';
import { TutorPicker, useTutorScope } from './tutor-picker.tsx';
import { formatWhen, tutorApi, type ActivityItem } from './tutor-api.ts';
import { TutorStats } from './tutor-stats.tsx';
import { TutorTable } from './tutor-table.tsx';
import { ButtonLink } from '../../components/button-link.tsx';
import './tutor.css';

const RECENT_ACTIVITY_SHOWN = 20;

/**
 * /tutor/dashboard: SPEC §2 Tutor dashboard with real figures. Recent Activity starts from the
 * dashboard query and then follows the live feed (/api/live) without reloading.
 */
export function TutorDashboardPage() {
  useDocumentTitle('Tutor Dashboard');
  const user = useAuth((state) => state.user);
  const tutorId = useTutorScope();
  const { load } = useLoad(useCallback((signal: AbortSignal) => tutorApi.dashboard(tutorId, signal), [tutorId]));
  // An admin looks at a chosen tutor's dashboard as loaded (the live feed is a tutor's own).
  const isAdmin = user?.role === 'admin';
  const liveItems = useLiveFeed((state) => state.items);
  const items = isAdmin ? (load.kind === 'ready' ? load.data.recentActivity : []) : liveItems;
  const status = useLiveFeed((state) => state.status);
  const unread = useLiveFeed(unreadAlerts);
  const alertsSeen = useLiveFeed((state) => state.alertsSeen);
  const merge = useLiveFeed((state) => state.merge);
  const markAlertsRead = useLiveFeed((state) => state.markAlertsRead);

  useEffect(() => {
    if (load.kind === 'ready' && !isAdmin) merge(load.data.recentActivity);
  }, [load, merge, isAdmin]);
  useEffect(() => (user?.role === 'tutor' ? connectLiveFeed(user.id) : undefined), [user?.id, user?.role]);
  const newest = items[0];
  useEffect(() => {
    if (newest?.alert) announce(`Alert: ${newest.message}`);
  }, [newest?.id, newest?.position, newest?.alert, newest?.message]);

  if (load.kind === 'error') {
    return (
      <main id="main" className="page tutor-page">
        <RetryAlert onRetry={() => window.location.reload()}>
          <h1 className="tutor-error-title">Error Loading Dashboard</h1>
          <p>{load.message || 'An error occurred'}</p>
        </RetryAlert>
      </main>
    );
  }
  const data = load.kind === 'ready' ? load.data : null;
  const stats = [
    { label: 'Total Students', value: data?.stats.totalStudents },
    { label: 'Active Students', value: data?.stats.activeStudents },
    { label: 'Pending Students', value: data?.stats.pendingStudents },
    { label: 'Total Referrals', value: data?.stats.totalReferrals },
  ];
  const activity = items.slice(0, RECENT_ACTIVITY_SHOWN);
  // Practice seen on the live feed since the dashboard loaded: the newest answer time per student.
  const practisedAt = new Map<string, string>();
  for (const item of items) if (item.type === 'answered' && !practisedAt.has(item.student_id)) practisedAt.set(item.student_id, item.timestamp);

  return (
    <main id="main" className="page tutor-page">
      <header className="tutor-header">
        <div>
          <h1>Tutor Dashboard</h1>
          <p className="muted">Your students' practice as it happens.</p>
        </div>
        <TutorPicker />
      </header>

      <TutorStats figures={stats} busy={data === null} />

      <div className="button-row tutor-actions">
        <ButtonLink to="/tutor/students" primary>Manage Students</ButtonLink>
        <ButtonLink to="/tutor/referrals">Generate Referral Code</ButtonLink>
      </div>

      <div className="tutor-columns">
        <section className="card" aria-labelledby="activity-heading">
          <div className="tutor-section-head">
            <h2 id="activity-heading">Recent Activity</h2>
            <span className={`tutor-live tutor-live-${status}`}>{status === 'live' ? 'Live' : status === 'connecting' ? 'Connecting…' : 'Offline'}</span>
            {unread > 0 ? (
              <>
                <span className="tutor-alert-badge">
                  {unread} unread {unread === 1 ? 'alert' : 'alerts'}
                </span>
                <button type="button" className="button small" onClick={markAlertsRead}>
                  Mark as read
                </button>
              </>
            ) : null}
          </div>
          {data === null ? <p className="muted">Loading...</p> : null}
          {data !== null && activity.length === 0 ? <p className="muted">No recent activity</p> : null}
          {activity.length > 0 ? (
            <ul className="tutor-activity" aria-live="off">
              {activity.map((item) => (
                <ActivityRow key={item.id} item={item} unread={item.alert && BigInt(item.position) > alertsSeen} />
              ))}
            </ul>
          ) : null}
        </section>

        <section className="card" aria-labelledby="students-heading">
          <div className="tutor-section-head">
            <h2 id="students-heading">Recent Students</h2>
            <Link to="/tutor/students">View All</Link>
          </div>
          {data === null ? <p className="muted">Loading...</p> : null}
          {data !== null && data.recentStudents.length === 0 ? <p className="muted">No students yet</p> : null}
          {data !== null && data.recentStudents.length > 0 ? (
            <TutorTable columns={['Student', 'Grade', 'Status', 'Last Active']}>
              {data.recentStudents.map((student) => (
                <tr key={`${student.tutor_id}:${student.id}`}>
                  <td data-label="Student">{student.name}</td>
                  <td data-label="Grade">{student.grade_level ?? '—'}</td>
                  <td data-label="Status">
                    <StatusBadge status={student.relationship_status} />
                  </td>
                  <td data-label="Last Active">
                    {student.practising_now || practisedAt.has(student.id) ? (
                      <span className="tutor-practising">Practising now</span>
                    ) : student.last_active ? (
                      formatWhen(student.last_active)
                    ) : (
                      'Never'
                    )}
                  </td>
                </tr>
              ))}
            </TutorTable>
          ) : null}
        </section>
      </div>
    </main>
  );
}

const ICONS: Record<string, string> = {
  student_joined: '👋',
  referral_used: '🎟️',
  student_activated: '✅',
  answered: '✏️',
  session_completed: '🏁',
  answer_streak: '🔥',
  accuracy_drop: '⚠️',
  fell_behind: '⏰',
};

function ActivityRow({ item, unread }: { item: ActivityItem; unread: boolean }) {
  return (
    <li className={`tutor-activity-item${item.alert ? ' is-alert' : ''}${unread ? ' is-unread' : ''}`} data-type={item.type}>
      <span className="tutor-activity-icon" aria-hidden="true">
        {ICONS[item.type] ?? '•'}
      </span>
      <span className="tutor-activity-message">
        {item.alert ? <span className="visually-hidden">Alert: </span> : null}
        {item.message}
      </span>
      <time className="muted small" dateTime={item.timestamp}>
        {formatWhen(item.timestamp)}
      </time>
    </li>
  );
}
