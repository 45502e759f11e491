import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { BrandLink } from '../../components/brand-link.tsx';
import { useAuth } from '../../auth/auth-store.ts';
import { tokenStorage } from '../../auth/token-storage.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { shortenToken, tokenExpiry } from './token-display.ts';
import { ButtonLink } from '../../components/button-link.tsx';
import './diagnostic.css';

/** /diagnostic: what the browser believes about the session, and a way to start clean. */
export function DiagnosticPage() {
  useDocumentTitle('Diagnostic');
  const { status, user, error } = useAuth();
  const location = useLocation();
  const [href, setHref] = useState(window.location.href);
  useEffect(() => setHref(window.location.href), [location]);
  const access = tokenStorage.accessToken();
  const refresh = tokenStorage.refreshToken();
  const accessExpiry = tokenExpiry(access)?.toLocaleString();

  const clearAndReload = () => {
    localStorage.clear();
    sessionStorage.clear();
    window.location.reload();
  };

  return (
    <main id="main" className="page diagnostic">
      <BrandLink className="diagnostic-brand" />
      <h1>Diagnostic</h1>
      <p className="muted">What this browser knows about your session. Share it with support if signing in misbehaves.</p>

      <section className="card diag-card" aria-labelledby="diag-auth">
        <h2 id="diag-auth">Authentication</h2>
        <dl className="diag-list">
          <dt>State</dt>
          <dd data-testid="diag-status">{status}</dd>
          <dt>User</dt>
          <dd>{user ? `${user.firstName} ${user.lastName} <${user.email}> (${user.role})` : '(signed out)'}</dd>
          {user && (
            <>
              <dt>Email verified</dt>
              <dd>{user.isEmailVerified ? 'yes' : 'no'}</dd>
            </>
          )}
          {error && (
            <>
              <dt>Last error</dt>
              <dd>{error}</dd>
            </>
          )}
        </dl>
      </section>

      <section className="card diag-card" aria-labelledby="diag-tokens">
        <h2 id="diag-tokens">Stored tokens</h2>
        <dl className="diag-list">
          <dt>Access token</dt>
          <dd>
            <code>{shortenToken(access)}</code>
          </dd>
          {accessExpiry && (
            <>
              <dt>Access token expires</dt>
              <dd>{accessExpiry}</dd>
            </>
          )}
          <dt>Refresh token</dt>
          <dd>
            <code>{shortenToken(refresh)}</code>
          </dd>
        </dl>
      </section>

      <section className="card diag-card" aria-labelledby="diag-browser">
        <h2 id="diag-browser">Browser</h2>
        <dl className="diag-list">
          <dt>Current URL</dt>
          <dd>
            <code>{href}</code>
          </dd>
          <dt>User agent</dt>
          <dd>{navigator.userAgent}</dd>
        </dl>
      </section>

      <div className="diag-clear">
        <button type="button" className="button danger" onClick={clearAndReload} aria-describedby="diag-clear-note">
          Clear storage and reload
        </button>
        <p className="muted small" id="diag-clear-note">
          Clearing storage signs you out of this browser.
        </p>
      </div>
      <nav className="diag-actions" aria-label="More">
        <ButtonLink to="/test-credentials">Test credentials</ButtonLink>
        <ButtonLink to="/login">Sign in page</ButtonLink>
      </nav>
    </main>
  );
}
