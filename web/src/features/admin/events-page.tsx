import { useCallback, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { adminApi, formatTime, type AuditEvent, type EventFilters } from './admin-api.ts';
import { AdminNav } from './admin-nav.tsx';
import { useLoad } from '../../components/use-load.ts';
import { ButtonLink } from '../../components/button-link.tsx';
import './admin.css';

const FILTERS = ['type', 'stream', 'actor', 'correlation', 'from', 'to'] as const;
const LABELS: Record<(typeof FILTERS)[number], string> = {
  type: 'Event type',
  stream: 'Stream',
  actor: 'Actor (user id or email)',
  correlation: 'Correlation id',
  from: 'From',
  to: 'Until',
};
const PLACEHOLDERS: Partial<Record<(typeof FILTERS)[number], string>> = { type: 'e.g. UserRoleChanged', stream: 'e.g. user-…', actor: 'e.g. admin@school.org' };
const PAGE_SIZE = 25;

/** An ISO time as a datetime-local input value (the browser's time zone), and back. */
const toLocalInput = (iso: string | undefined) => {
  if (!iso || Number.isNaN(Date.parse(iso))) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '');

/**
 * /admin/events: the audit log explorer. Filters live in the address, so a stream's history or one
 * request's events is a link; pages follow the API's cursor (a stack of cursors for going back).
 */
export function EventsPage() {
  useDocumentTitle('Event log');
  const [params, setParams] = useSearchParams();
  const filters: EventFilters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? undefined]).filter(([, value]) => value));
  const key = FILTERS.map((name) => params.get(name) ?? '').join('\u0000');
  const [cursors, setCursors] = useState<{ key: string; stack: string[] }>({ key, stack: [] });
  // New filters start again at the newest event.
  const stack = cursors.key === key ? cursors.stack : [];
  const cursor = stack.at(-1);
  const events = useLoad(
    // `key` stands for the filters (a new object every render).
    useCallback((signal: AbortSignal) => adminApi.events({ ...filters, cursor, limit: PAGE_SIZE }, signal), [key, cursor]),
  );
  const [open, setOpen] = useState<string | null>(null);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const raw = String(form.get(name) ?? '').trim();
      const value = name === 'from' || name === 'to' ? fromLocalInput(raw) : raw;
      if (value) next.set(name, value);
    }
    setParams(next);
  };

  return (
    <main id="main" className="page admin-page">
      <header className="admin-header">
        <div>
          <h1>Event log</h1>
          <p className="muted">Every change on MathDaily, newest first: who did what, and when. Secrets are never shown.</p>
        </div>
        <AdminNav />
      </header>

      <form className="card admin-event-filters" onSubmit={apply} key={key} aria-label="Filter events">
        {FILTERS.map((name) => (
          <div className="field" key={name}>
            <label htmlFor={`filter-${name}`}>{LABELS[name]}</label>
            <input
              id={`filter-${name}`}
              name={name}
              type={name === 'from' || name === 'to' ? 'datetime-local' : 'text'}
              defaultValue={name === 'from' || name === 'to' ? toLocalInput(params.get(name) ?? undefined) : (params.get(name) ?? '')}
              placeholder={PLACEHOLDERS[name]}
            />
          </div>
        ))}
        <div className="button-row admin-filter-buttons">
          <button type="submit" className="button primary">
            Show events
          </button>
          {Object.keys(filters).length ? (
            <ButtonLink to="/admin/events">Clear filters</ButtonLink>
          ) : null}
        </div>
      </form>

      {events.load.kind === 'error' ? (
        <RetryAlert onRetry={events.reload} retryLabel="Retry">
          <p>Failed to load events: {events.load.message}</p>
        </RetryAlert>
      ) : null}
      {events.load.kind === 'loading' ? <p className="muted">Loading events...</p> : null}
      {events.load.kind === 'ready' ? (
        <section aria-label="Events">
          {events.load.data.events.length === 0 ? (
            <p className="card muted">No events match these filters.</p>
          ) : (
            <ol className="admin-events">
              {events.load.data.events.map((event) => (
                <EventRow key={event.id} event={event} open={open === event.id} toggle={() => setOpen(open === event.id ? null : event.id)} />
              ))}
            </ol>
          )}
          <nav className="admin-pager" aria-label="Event pages">
            <button type="button" className="button small" disabled={stack.length === 0} onClick={() => setCursors({ key, stack: stack.slice(0, -1) })}>
              Newer
            </button>
            <span className="muted small">Page {stack.length + 1}</span>
            <button
              type="button"
              className="button small"
              disabled={!events.load.data.nextCursor}
              onClick={() => setCursors({ key, stack: [...stack, (events.load as { data: { nextCursor: string } }).data.nextCursor] })}
            >
              Older
            </button>
          </nav>
        </section>
      ) : null}
    </main>
  );
}

function EventRow({ event, open, toggle }: { event: AuditEvent; open: boolean; toggle: () => void }) {
  const detailsId = `event-${event.id}`;
  return (
    <li className="card admin-event">
      <div className="admin-event-summary">
        <time dateTime={event.metadata.at} className="small muted">
          {formatTime(event.metadata.at)}
        </time>
        <strong className="admin-event-type">{event.type}</strong>
        <span className="small">
          by {event.actor ? event.actor.name : event.metadata.actorId ? event.metadata.actorId : 'the system'}
        </span>
        <span className="small muted admin-event-stream">
          {event.streamId} · v{event.version}
        </span>
        <button type="button" className="button small" aria-expanded={open} aria-controls={detailsId} onClick={toggle}>
          {open ? 'Hide details' : 'Details'}
        </button>
      </div>
      {open ? (
        <div id={detailsId} className="admin-event-details">
          <div className="button-row admin-event-links">
            <ButtonLink to={`/admin/events?stream=${encodeURIComponent(event.streamId)}`} small>Stream history</ButtonLink>
            <ButtonLink to={`/admin/events?correlation=${encodeURIComponent(event.metadata.correlationId)}`} small>Same request</ButtonLink>
            {event.metadata.actorId ? (
              <ButtonLink to={`/admin/events?actor=${encodeURIComponent(event.metadata.actorId)}`} small>
                Everything by {event.actor ? event.actor.name : 'this actor'}
              </ButtonLink>
            ) : null}
          </div>
          <h3 className="small">Data</h3>
          <pre className="admin-json">{JSON.stringify(event.data, null, 2)}</pre>
          <h3 className="small">Metadata</h3>
          <pre className="admin-json">{JSON.stringify({ id: event.id, position: event.position, ...event.metadata }, null, 2)}</pre>
        </div>
      ) : null}
    </li>
  );
}
