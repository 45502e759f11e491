import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api, errorMessage } from '../../api/client.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { AuthLayout } from '../auth/auth-layout.tsx';

type State = { kind: 'working' } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

/**
 * /weekly-summary-opt-out?token=…: the weekly e-mail's one-click opt-out. Opening the link turns
 * summaries off at once (the page sends it; a mail scanner that only fetches the link changes
 * nothing), then says so, with the way back on.
 */
export function WeeklySummaryOptOutPage() {
  useDocumentTitle('Weekly e-mails');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'working' });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    api.post<{ message: string }>(`/api/email/weekly-summary/opt-out?token=${encodeURIComponent(token)}`, undefined, { anonymous: true }).then(
      ({ message }) => setState({ kind: 'done', message }),
      (error: unknown) => setState({ kind: 'error', message: errorMessage(error) }),
    );
  }, [token]);
  return (
    <AuthLayout>
      <div className="auth-heading">
        <h1>Weekly e-mails</h1>
      </div>
      {state.kind === 'working' ? <p role="status">Turning off weekly e-mails...</p> : null}
      {state.kind === 'done' ? (
        <div className="alert alert-success" role="status">
          <p>{state.message}</p>
          <p>
            Changed your mind? Sign in and turn them back on from <Link to="/parent">your family page</Link>.
          </p>
        </div>
      ) : null}
      {state.kind === 'error' ? (
        <div className="alert alert-error" role="alert">
          <p>{state.message}</p>
        </div>
      ) : null}
    </AuthLayout>
  );
}
