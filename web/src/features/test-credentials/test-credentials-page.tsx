import type { TestAccountsResponse } from '@mathdaily/domain/api/accounts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, ApiError, errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/auth-store.ts';
import { announce } from '../../components/announcer.tsx';
import { BrandLink } from '../../components/brand-link.tsx';
import { Spinner } from '../../components/loading-screen.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { ButtonLink } from '../../components/button-link.tsx';
import './test-credentials.css';

type TestAccount = TestAccountsResponse['accounts'][number];

type Load = { kind: 'loading' } | { kind: 'off' } | { kind: 'error'; message: string } | { kind: 'ready'; accounts: TestAccount[] };
type QuickLogin = 'idle' | 'loading' | 'success' | 'error';

/** SPEC §9 timings. */
const REDIRECT_AFTER_MS = 1000;
const FAILURE_RESET_MS = 3000;
const COPIED_FOR_MS = 2000;

/** /test-credentials: the four seeded accounts with copy buttons and one-click sign-in. */
export function TestCredentialsPage() {
  useDocumentTitle('Test credentials');
  const [load, setLoad] = useState<Load>({ kind: 'loading' });

  useEffect(() => {
    let active = true;
    api.get<TestAccountsResponse>('/api/auth/test-accounts', { anonymous: true }).then(
      ({ accounts }) => active && setLoad({ kind: 'ready', accounts }),
      (error: unknown) => {
        if (!active) return;
        if (error instanceof ApiError && error.status === 404) setLoad({ kind: 'off' });
        else setLoad({ kind: 'error', message: errorMessage(error) });
      },
    );
    return () => {
      active = false;
    };
  }, []);

  return (
    <main id="main" className="page test-credentials">
      <header className="tc-header">
        <BrandLink />
      </header>
      <h1>Test credentials</h1>
      <p className="muted tc-lead">Pre-made accounts to explore MathDaily as a student, a tutor or an admin. Copy the details or sign in with one click.</p>
      <div className="alert alert-warning" role="note">
        <strong>For development and testing only.</strong> These accounts exist only when the server runs in demo mode. Never use them for real data.
      </div>

      {load.kind === 'loading' && <Spinner label="Loading test accounts..." />}
      {load.kind === 'off' && (
        <div className="alert alert-info" data-testid="test-accounts-off">
          <h2>Test accounts are turned off</h2>
          <p>This server is not running in demo mode, so there are no pre-made accounts. Create your own account instead.</p>
        </div>
      )}
      {load.kind === 'error' && (
        <div className="alert alert-error">
          <h2>Could not load test accounts</h2>
          <p>{load.message}</p>
        </div>
      )}
      {load.kind === 'ready' && (
        <ul className="tc-grid" aria-label="Test accounts">
          {load.accounts.map((account) => (
            <AccountCard key={account.email} account={account} />
          ))}
        </ul>
      )}

      <nav className="tc-links" aria-label="More">
        <ButtonLink to="/login">Sign in page</ButtonLink>
        <ButtonLink to="/register">Create an account</ButtonLink>
        <ButtonLink to="/diagnostic">Diagnostic</ButtonLink>
      </nav>
    </main>
  );
}

function AccountCard({ account }: { account: TestAccount }) {
  const login = useAuth((state) => state.login);
  const navigate = useNavigate();
  const [state, setState] = useState<QuickLogin>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onQuickLogin = async () => {
    if (state === 'loading' || state === 'success') return;
    setState('loading');
    setFailure(null);
    try {
      const user = await login(account.email, account.password);
      setState('success');
      // SPEC §8's 'welcome back' success announcement (the login page has its own exact text).
      announce(`Welcome back, ${user.firstName}! Redirecting to dashboard.`);
      timer.current = setTimeout(() => navigate('/dashboard'), REDIRECT_AFTER_MS);
    } catch (error) {
      const message = errorMessage(error);
      setState('error');
      setFailure(message);
      announce(`Login failed: ${message}`, 'assertive');
      timer.current = setTimeout(() => setState('idle'), FAILURE_RESET_MS);
    }
  };

  const headingId = `tc-${account.email.replace(/[^a-z0-9]/gi, '-')}`;
  const buttonText = { idle: 'Quick Login', loading: 'Logging in...', success: 'Success!', error: 'Failed' }[state];
  return (
    <li className="card tc-card">
      <div className="tc-card-head">
        <h2 id={headingId}>{account.label}</h2>
        <span className={`badge role-badge role-${account.role}`}>{account.role}</span>
      </div>
      {account.gradeLevel !== null && account.gradeLevel !== undefined && <p className="muted tc-grade">Grade {account.gradeLevel}</p>}
      <dl className="tc-creds">
        <CopyRow label="Email" value={account.email} />
        <CopyRow label="Password" value={account.password} />
      </dl>
      <button type="button" className={`button primary block tc-quick tc-${state}`} onClick={() => void onQuickLogin()} disabled={state === 'loading' || state === 'success'}>
        {buttonText}
        <span className="visually-hidden"> as {account.label}</span>
      </button>
      {failure && state === 'error' && <p className="field-error">{failure}</p>}
    </li>
  );
}

function CopyRow({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onCopy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(value);
      setCopied('copied');
      announce(`${label} copied to clipboard`);
    } catch {
      setCopied('failed');
      announce(`Could not copy the ${label.toLowerCase()}. Select it and copy by hand.`);
    }
    timer.current = setTimeout(() => setCopied('idle'), COPIED_FOR_MS);
  };
  return (
    <div className="tc-row">
      <dt>{label}</dt>
      <dd>
        <code>
          {value.includes('@') ? (
            <>
              {value.slice(0, value.indexOf('@'))}
              <wbr />
              {value.slice(value.indexOf('@'))}
            </>
          ) : (
            value
          )}
        </code>
        <button type="button" className={`button small tc-copy${copied === 'copied' ? ' copied' : ''}`} onClick={() => void onCopy()}>
          {copied === 'copied' ? 'Copied!' : copied === 'failed' ? 'Copy failed' : 'Copy'}
          <span className="visually-hidden"> {label.toLowerCase()}</span>
        </button>
      </dd>
    </div>
  );
}
