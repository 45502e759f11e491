import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { userRoles, type UserRole } from '@mathdaily/domain/accounts/events';
import { announce } from '../../components/announcer.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { TableHead } from '../../components/table-head.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { adminApi, formatTime, type AdminUser, type DashboardStats } from './admin-api.ts';
import { AdminNav } from './admin-nav.tsx';
import { useLoad, type Load } from '../../components/use-load.ts';
import { ButtonLink } from '../../components/button-link.tsx';
import './admin.css';

/** SPEC §8 'Admin'. */
export const STATS_ERROR = 'Failed to load dashboard statistics';
export const USERS_ERROR = 'Failed to load users';
export const ROLE_ERROR = 'Failed to update user role';

const roleLabel = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

/** /admin: SPEC §2 Admin dashboard — stat cards, the user table, the edit-role modal, recent registrations and logins. */
export function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  const stats = useLoad(useCallback((signal: AbortSignal) => adminApi.stats(signal), []));
  const logs = useLoad(useCallback((signal: AbortSignal) => adminApi.logs(signal), []));
  const refreshAll = () => {
    stats.reload();
    logs.reload();
  };

  return (
    <main id="main" className="page admin-page">
      <header className="admin-header">
        <div>
          <h1>Admin Dashboard</h1>
          <p className="muted">Users, roles and what is happening on MathDaily.</p>
        </div>
        <AdminNav />
      </header>

      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="visually-hidden">
          Platform statistics
        </h2>
        {stats.load.kind === 'error' ? (
          <RetryAlert onRetry={stats.reload} retryLabel="Retry">
            <p>{STATS_ERROR}</p>
          </RetryAlert>
        ) : (
          <StatCards stats={stats.load.kind === 'ready' ? stats.load.data : null} />
        )}
      </section>

      <UsersSection onRoleChanged={refreshAll} />

      <div className="admin-logs">
        <LogSection
          id="registrations-heading"
          title="Recent registrations"
          logs={logs}
          entries={logs.load.kind === 'ready' ? logs.load.data.recentRegistrations : []}
          empty="Nobody has registered yet."
        >
          {(entry) => (
            <li key={entry.userId}>
              <span className="admin-log-name">
                {entry.firstName} {entry.lastName} <span className="badge">{roleLabel(entry.role)}</span>
              </span>
              <span className="muted small">{entry.email}</span>
              <time className="muted small" dateTime={entry.registeredAt}>
                {formatTime(entry.registeredAt)}
              </time>
            </li>
          )}
        </LogSection>
        <LogSection id="logins-heading" title="Recent logins" logs={logs} entries={logs.load.kind === 'ready' ? logs.load.data.recentLogins : []} empty="No sign-ins yet.">
          {(entry) => (
            <li key={entry.eventId}>
              <span className="admin-log-name">
                {entry.firstName} {entry.lastName}
              </span>
              <span className="muted small">
                {entry.email}
                {entry.method === 'registration' ? ' · just registered' : ''}
              </span>
              <time className="muted small" dateTime={entry.at}>
                {formatTime(entry.at)}
              </time>
            </li>
          )}
        </LogSection>
      </div>
    </main>
  );
}

/** One of the two activity logs (both from one request): loading, failed with Retry, empty, or its entries. */
function LogSection<T>({ id, title, logs, entries, empty, children }: { id: string; title: string; logs: { load: Load<unknown>; reload(): void }; entries: T[]; empty: string; children: (entry: T) => ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {logs.load.kind === 'error' ? (
        <RetryAlert onRetry={logs.reload} retryLabel="Retry">
          <p>Failed to load system logs</p>
        </RetryAlert>
      ) : null}
      {logs.load.kind === 'loading' ? <p className="muted">Loading...</p> : null}
      {logs.load.kind === 'ready' ? (
        entries.length === 0 ? (
          <p className="muted">{empty}</p>
        ) : (
          <ul className="admin-log-list">{entries.map(children)}</ul>
        )
      ) : null}
    </section>
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

function StatCards({ stats }: { stats: DashboardStats | null }) {
  const number = (value: number | null | undefined) => (value === null || value === undefined ? '—' : value.toLocaleString('en-GB'));
  const lag = stats?.systemMetrics.projectorLag;
  const cards = [
    { label: 'Total users', value: number(stats?.totalUsers) },
    { label: 'Active users', value: number(stats?.activeUsers), note: 'signed in within 30 days' },
    { label: 'Problems', value: number(stats?.systemMetrics.totalProblems) },
    { label: 'New in last 30 days', value: number(stats?.recentRegistrations) },
    {
      label: 'Problems practised today',
      value: number(stats?.systemMetrics.problemsToday),
      note: stats ? `${plural(stats.systemMetrics.sessionsToday, 'session')}, ${plural(stats.systemMetrics.retriesToday, 'retry', 'retries')} · UTC day` : 'UTC day',
    },
    { label: 'Events stored', value: number(stats?.systemMetrics.eventsStored) },
    {
      label: 'Projector lag',
      value: lag === null || lag === undefined ? '—' : lag === 0 ? 'Up to date' : `${number(lag)} behind`,
      note: stats?.systemMetrics.checkpointAt ? `last batch ${formatTime(stats.systemMetrics.checkpointAt)}` : undefined,
    },
  ];
  return (
    <ul className="admin-stats" aria-busy={stats === null}>
      {cards.map((card) => (
        <li key={card.label} className="card admin-stat">
          <span className="admin-stat-label">{card.label}</span>
          <span className={`admin-stat-value${/\d/.test(card.value) ? '' : ' words'}`}>{card.value}</span>
          {card.note ? <span className="muted small">{card.note}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function UsersSection({ onRoleChanged }: { onRoleChanged: () => void }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [role, setRole] = useState('');
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const users = useLoad(useCallback((signal: AbortSignal) => adminApi.users({ page, search, role }, signal), [page, search, role]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setSearch(typed.trim());
  };
  const data = users.load.kind === 'ready' ? users.load.data : null;

  return (
    <section className="card admin-users" aria-labelledby="users-heading">
      <h2 id="users-heading">Users</h2>
      <form className="admin-filters" role="search" onSubmit={submit}>
        <div className="field">
          <label htmlFor="user-search">Search by name or email</label>
          <input id="user-search" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="e.g. Sam or sam@school.org" />
        </div>
        <div className="field">
          <label htmlFor="role-filter">Role</label>
          <select
            id="role-filter"
            value={role}
            onChange={(event) => {
              setPage(1);
              setRole(event.target.value);
            }}
          >
            <option value="">All roles</option>
            {userRoles.map((value) => (
              <option key={value} value={value}>
                {roleLabel(value)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button primary">
          Search
        </button>
      </form>

      {users.load.kind === 'error' ? (
        <RetryAlert onRetry={users.reload} retryLabel="Retry">
          <p>{USERS_ERROR}</p>
        </RetryAlert>
      ) : null}
      {users.load.kind === 'loading' ? <p className="muted">Loading users...</p> : null}
      {data ? (
        <>
          {data.users.length === 0 ? (
            <p className="muted">No users match{search ? ` "${search}"` : ''}{role ? ` with the role ${roleLabel(role)}` : ''}.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="visually-hidden">Users, newest first</caption>
                <TableHead columns={['Name', 'Email', 'Role', 'Grade', 'Joined', 'Last login']} actions />
                <tbody>
                  {data.users.map((user) => (
                    <tr key={user.id}>
                      <td data-label="Name">
                        {user.firstName} {user.lastName}
                      </td>
                      <td data-label="Email">{user.email}</td>
                      <td data-label="Role">
                        <span className={`badge role-${user.role}`}>{roleLabel(user.role)}</span>
                      </td>
                      <td data-label="Grade">{user.gradeLevel ?? '—'}</td>
                      <td data-label="Joined">{formatTime(user.createdAt)}</td>
                      <td data-label="Last login">{formatTime(user.lastLoginAt)}</td>
                      <td className="admin-actions">
                        <button type="button" className="button small" onClick={() => setEditing(user)} aria-label={`Edit role of ${user.firstName} ${user.lastName}`}>
                          Edit role
                        </button>
                        <ButtonLink to={`/admin/events?stream=user-${user.id}`} small className="link">History</ButtonLink>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <nav className="admin-pager" aria-label="User pages">
            <button type="button" className="button small" disabled={!data.pagination.hasPrevious} onClick={() => setPage((p) => Math.max(1, p - 1))}>
              Previous
            </button>
            <span className="muted small">
              Page {data.pagination.page} of {Math.max(1, data.pagination.totalPages)} · {data.pagination.total.toLocaleString('en-GB')} users
            </span>
            <button type="button" className="button small" disabled={!data.pagination.hasNext} onClick={() => setPage((p) => p + 1)}>
              Next
            </button>
          </nav>
        </>
      ) : null}
      {editing ? (
        <EditRoleDialog
          user={editing}
          onClose={() => setEditing(null)}
          onSaved={(role) => {
            announce(`${editing.firstName} ${editing.lastName} is now ${role === 'admin' ? 'an admin' : `a ${role}`}.`);
            setEditing(null);
            users.reload();
            onRoleChanged();
          }}
        />
      ) : null}
    </section>
  );
}

/** The edit-role modal (SPEC §4: student, tutor, admin, parent); on success the list reloads and it closes. */
function EditRoleDialog({ user, onClose, onSaved }: { user: AdminUser; onClose: () => void; onSaved: (role: UserRole) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [role, setRole] = useState<UserRole>(user.role);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await adminApi.changeRole(user.id, role);
      onSaved(role);
    } catch (failure) {
      const reason = failure instanceof Error && failure.message ? failure.message : '';
      setError(reason && reason !== ROLE_ERROR ? `${ROLE_ERROR}: ${reason}` : ROLE_ERROR);
      announce(ROLE_ERROR, 'assertive');
      setSaving(false);
    }
  };

  return (
    <dialog ref={dialog} className="admin-dialog" aria-labelledby="edit-role-heading" onClose={onClose}>
      <form onSubmit={save}>
        <h2 id="edit-role-heading">Edit role</h2>
        <p>
          {user.firstName} {user.lastName} <span className="muted">({user.email})</span>
        </p>
        <ErrorAlert message={error} />
        <fieldset className="admin-roles">
          <legend>Role</legend>
          {userRoles.map((value) => (
            <label key={value} className="admin-role-option">
              <input type="radio" name="role" value={value} checked={role === value} onChange={() => setRole(value)} /> {roleLabel(value)}
            </label>
          ))}
        </fieldset>
        <div className="button-row">
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={saving || role === user.role}>
            {saving ? 'Saving...' : 'Save role'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
