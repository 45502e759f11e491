import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BrandLink } from '../../components/brand-link.tsx';
import './auth.css';

/** The shared frame of the sign-in family of pages: brand linking home, one centred card, quiet footer. */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="auth-shell">
      <header className="auth-header">
        <BrandLink />
      </header>
      <main id="main" className={`card auth-card${wide ? ' auth-card-wide' : ''}`}>
        {children}
      </main>
      <footer className="auth-footer">
        <Link to="/terms">Terms</Link>
        <span aria-hidden="true">·</span>
        <Link to="/privacy">Privacy</Link>
        <span aria-hidden="true">·</span>
        <Link to="/test-credentials">Test accounts</Link>
      </footer>
    </div>
  );
}

/** A sign-in page's outcome (sent, changed, failed): an icon, the heading, then what to do next. */
export function AuthOutcome({ icon, title, children }: { icon?: string; title: string; children: ReactNode }) {
  return (
    <div className="center">
      {icon ? (
        <p className="status-icon" aria-hidden="true">
          {icon}
        </p>
      ) : null}
      <h1>{title}</h1>
      {children}
    </div>
  );
}

/** A sign-in form page's heading and the line under it. */
export function AuthHeading({ title, lead }: { title: string; lead: string }) {
  return (
    <div className="auth-heading">
      <h1>{title}</h1>
      <p className="muted">{lead}</p>
    </div>
  );
}
