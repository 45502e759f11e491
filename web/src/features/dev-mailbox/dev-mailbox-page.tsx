import type { MailboxResponse } from '@mathdaily/domain/api/admin';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { BrandLink } from '../../components/brand-link.tsx';
import { api, ApiError, errorMessage } from '../../api/client.ts';
import { Spinner } from '../../components/loading-screen.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { linkify } from './linkify.ts';
import './dev-mailbox.css';

type MailboxMessage = MailboxResponse['messages'][number];

type Load = { kind: 'loading' } | { kind: 'off' } | { kind: 'admins-only' } | { kind: 'error'; message: string } | { kind: 'ready'; messages: MailboxMessage[] };

/**
 * Same-origin links (the app's own verification and reset links) open in this tab,
 * pointing at whichever host serves this page, so they work behind any port or proxy.
 */
function localHref(href: string): string {
  try {
    const url = new URL(href);
    const sameHost = url.hostname === window.location.hostname || url.hostname === 'localhost' || url.hostname === '127.0.0.1';
    if (sameHost || url.pathname.startsWith('/verify-email') || url.pathname.startsWith('/reset-password')) return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    // not a URL: leave as is
  }
  return href;
}

/** /dev/mailbox: e-mails the server "sent" in demo mode, newest first; admins only (they hold every reset link). */
/** Whoever opens a link here acts as its recipient, and the event log will say the recipient did it. */
const DEV_LINKS_WARNING =
  'Links in these e-mails act for the person they were sent to: opening a reset or verification link here changes their account, and the change is recorded as theirs. Use them only for accounts you are testing.';

export function DevMailboxPage() {
  useDocumentTitle('Development mailbox');
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [filter, setFilter] = useState('');

  const refresh = useCallback(async () => {
    try {
      const { messages } = await api.get<MailboxResponse>('/api/dev/mailbox');
      const sorted = [...messages].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      setLoad({ kind: 'ready', messages: sorted });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setLoad({ kind: 'off' });
      else if (error instanceof ApiError && (error.status === 401 || error.status === 403)) setLoad({ kind: 'admins-only' });
      else setLoad({ kind: 'error', message: errorMessage(error) });
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const needle = filter.trim().toLowerCase();
  const shown = load.kind === 'ready' ? load.messages.filter((message) => !needle || message.to.toLowerCase().includes(needle)) : [];

  return (
    <main id="main" className="page dev-mailbox">
      <BrandLink className="mailbox-brand" />
      <div className="mailbox-head">
        <div>
          <h1>Development mailbox</h1>
          <p className="muted">E-mails the server would have sent. Only available in demo mode, and only to administrators.</p>
        </div>
        {load.kind !== 'admins-only' && (
          <button type="button" className="button" onClick={() => void refresh()}>
            Refresh
          </button>
        )}
      </div>

      {load.kind !== 'admins-only' && load.kind !== 'off' && (
        <p className="alert alert-warning" role="note">
          {DEV_LINKS_WARNING}
        </p>
      )}

      {load.kind === 'loading' && <Spinner label="Loading messages..." />}
      {load.kind === 'off' && (
        <div className="alert alert-info" data-testid="mailbox-off">
          <h2>The development mailbox is off</h2>
          <p>This server is not running in demo mode, so e-mails go to real inboxes and are not kept here.</p>
        </div>
      )}
      {load.kind === 'admins-only' && (
        <div className="alert alert-info" data-testid="mailbox-admins-only">
          <h2>Only administrators can read the mailbox</h2>
          <p>
            It holds the sign-in links of every account. <Link to="/login">Sign in as an administrator</Link> to read it.
          </p>
        </div>
      )}
      {load.kind === 'error' && (
        <div className="alert alert-error">
          <h2>Could not load the mailbox</h2>
          <p>{load.message}</p>
        </div>
      )}
      {load.kind === 'ready' && (
        <>
          <div className="field mailbox-filter">
            <label htmlFor="mailbox-filter">Filter by recipient</label>
            <input id="mailbox-filter" type="search" value={filter} onChange={(event) => setFilter(event.target.value)} placeholder="name@example.com" />
          </div>
          <p className="muted" aria-live="polite">
            {shown.length} {shown.length === 1 ? 'message' : 'messages'}
          </p>
          {shown.length === 0 ? (
            <div className="card center muted">No e-mails yet. Register or ask for a password reset, then press Refresh.</div>
          ) : (
            <ol className="mailbox-list">
              {shown.map((message) => (
                <li key={message.id}>
                  <article className="card mail" aria-labelledby={`mail-${message.id}`}>
                    <header className="mail-head">
                      <h2 id={`mail-${message.id}`}>{message.subject}</h2>
                      <time dateTime={message.createdAt}>{new Date(message.createdAt).toLocaleString()}</time>
                    </header>
                    <p className="mail-to">
                      <span className="muted">To:</span> {message.to}
                    </p>
                    <div className="mail-body">
                      {linkify(message.text).map((part, index) =>
                        part.kind === 'text' ? (
                          <span key={index}>{part.text}</span>
                        ) : (
                          <a key={index} href={localHref(part.href)}>
                            {part.href}
                          </a>
                        ),
                      )}
                    </div>
                  </article>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </main>
  );
}
