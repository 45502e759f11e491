import { useCallback, useState } from 'react';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { adminApi, formatTime, type Pagination } from './admin-api.ts';
import { AdminNav } from './admin-nav.tsx';
import { useLoad } from '../../components/use-load.ts';
import './admin.css';

type Tab = 'contact' | 'help' | 'errors';
const TABS: { id: Tab; label: string }[] = [
  { id: 'contact', label: 'Contact requests' },
  { id: 'help', label: 'Help requests' },
  { id: 'errors', label: 'Error reports' },
];

/** /admin/reports: what people sent through the contact and help forms, and the crashes the app reported. */
export function ReportsPage() {
  useDocumentTitle('Messages and error reports');
  const [tab, setTab] = useState<Tab>('contact');
  return (
    <main id="main" className="page admin-page">
      <header className="admin-header">
        <div>
          <h1>Messages &amp; error reports</h1>
          <p className="muted">Contact and help requests, newest first, and the errors people ran into.</p>
        </div>
        <AdminNav />
      </header>
      <div className="admin-tabs" role="tablist" aria-label="Kind of report">
        {TABS.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls="report-panel"
            className={`button small${tab === item.id ? ' primary' : ''}`}
            onClick={() => setTab(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div id="report-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {tab === 'errors' ? <ErrorReports /> : <Requests key={tab} source={tab} />}
      </div>
    </main>
  );
}

function Requests({ source }: { source: 'contact' | 'help' }) {
  const [page, setPage] = useState(1);
  const requests = useLoad(useCallback((signal: AbortSignal) => adminApi.contactRequests({ page, source }, signal), [page, source]));
  return (
    <Listing load={requests.load} reload={requests.reload} what={source === 'contact' ? 'contact requests' : 'help requests'} setPage={setPage}>
      {requests.load.kind === 'ready'
        ? requests.load.data.requests.map((request) => (
            <li key={request.request_id} className="card admin-report">
              <div className="admin-report-head">
                <strong>{request.name}</strong>
                <a href={`mailto:${request.email}`}>{request.email}</a>
                {request.organization ? <span className="muted small">{request.organization}</span> : null}
                {request.plan ? <span className="badge">{request.plan}</span> : null}
                {request.subject ? <span className="badge">{request.subject}</span> : null}
                <time className="muted small" dateTime={request.created_at}>
                  {formatTime(request.created_at)}
                </time>
              </div>
              <p className="admin-report-message">{request.message}</p>
            </li>
          ))
        : null}
    </Listing>
  );
}

function ErrorReports() {
  const [page, setPage] = useState(1);
  const errors = useLoad(useCallback((signal: AbortSignal) => adminApi.clientErrors({ page }, signal), [page]));
  return (
    <Listing load={errors.load} reload={errors.reload} what="error reports" setPage={setPage}>
      {errors.load.kind === 'ready'
        ? errors.load.data.errors.map((report) => (
            <li key={report.report_id} className="card admin-report">
              <div className="admin-report-head">
                <strong>{report.message}</strong>
                <time className="muted small" dateTime={report.reported_at}>
                  {formatTime(report.reported_at)}
                </time>
              </div>
              <p className="small">
                On <code>{report.url}</code> · {report.user_id ? `user ${report.user_id}` : 'signed out'}
              </p>
              <p className="muted small">{report.user_agent}</p>
              {report.stack ? (
                <details>
                  <summary>Stack trace</summary>
                  <pre className="admin-json">{report.stack}</pre>
                </details>
              ) : null}
            </li>
          ))
        : null}
    </Listing>
  );
}

function Listing({
  load,
  reload,
  what,
  setPage,
  children,
}: {
  load: ReturnType<typeof useLoad<{ pagination: Pagination }>>['load'];
  reload: () => void;
  what: string;
  setPage: (update: (page: number) => number) => void;
  children: React.ReactNode;
}) {
  if (load.kind === 'loading') return <p className="muted">Loading {what}...</p>;
  if (load.kind === 'error')
    return (
      <RetryAlert onRetry={reload} retryLabel="Retry">
        <p>Failed to load {what}</p>
      </RetryAlert>
    );
  const { pagination } = load.data;
  if (pagination.total === 0) return <p className="card muted">No {what} yet.</p>;
  return (
    <>
      <ul className="admin-reports">{children}</ul>
      <nav className="admin-pager" aria-label={`Pages of ${what}`}>
        <button type="button" className="button small" disabled={!pagination.hasPrevious} onClick={() => setPage((p) => Math.max(1, p - 1))}>
          Previous
        </button>
        <span className="muted small">
          Page {pagination.page} of {Math.max(1, Math.ceil(pagination.total / pagination.limit))}
        </span>
        <button type="button" className="button small" disabled={!pagination.hasNext} onClick={() => setPage((p) => p + 1)}>
          Next
        </button>
      </nav>
    </>
  );
}
