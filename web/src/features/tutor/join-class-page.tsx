import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/auth-store.ts';
import { announce } from '../../components/announcer.tsx';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useLoad } from '../../components/use-load.ts';
import { classesApi } from './classes-api.ts';
import { ButtonLink } from '../../components/button-link.tsx';
import './classroom.css';

/**
 * /join/:code: the join link a teacher hands out. A guest is asked to create an account (the code
 * filled in) or sign in and come back; a student sees the class and its teacher and joins with one
 * button; a tutor or admin is told the link is for students.
 */
export function JoinClassPage() {
  const { code = '' } = useParams();
  useDocumentTitle('Join a class');
  const { status, initialised, user } = useAuth();
  if (!initialised) return <LoadingScreen />;
  return (
    <main id="main" className="page-narrow">
      <section className="card join-card" aria-labelledby="join-heading">
        <p className="join-brand">MathDaily</p>
        {status !== 'authenticated' || !user ? (
          <>
            <h1 id="join-heading">You're invited to join a class</h1>
            <p>
              Your teacher's class code is <strong className="class-code-value">{code.toUpperCase()}</strong>. Create your free account with it, or sign in and join.
            </p>
            <div className="button-row">
              <ButtonLink to={`/register?code=${encodeURIComponent(code)}`} primary>Create account</ButtonLink>
              <ButtonLink to="/login" state={{ from: `/join/${encodeURIComponent(code)}` }}>Sign in</ButtonLink>
            </div>
          </>
        ) : user.role === 'student' ? (
          <StudentJoin code={code} />
        ) : (
          <>
            <h1 id="join-heading">This link is for students</h1>
            <p>Students open it to join a class. Your own classes and their codes are under Classes.</p>
            <div className="button-row">
              <ButtonLink to="/tutor/classes" primary>Go to Classes</ButtonLink>
            </div>
          </>
        )}
      </section>
    </main>
  );
}

function StudentJoin({ code }: { code: string }) {
  const { load } = useLoad(useCallback((signal: AbortSignal) => classesApi.invite(code, signal), [code]));
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const join = async () => {
    setBusy(true);
    try {
      const { message } = await classesApi.join(code);
      setResult({ ok: true, text: message });
      announce(message);
    } catch (failure) {
      setResult({ ok: false, text: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  };
  if (load.kind === 'loading') return <p className="muted">Looking up the class…</p>;
  if (load.kind === 'error') {
    return (
      <>
        <h1 id="join-heading">We couldn't find that class</h1>
        <p role="alert">{load.message}</p>
        <div className="button-row">
          <ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>
        </div>
      </>
    );
  }
  const invite = load.data;
  if (result?.ok || invite.member) {
    return (
      <>
        <h1 id="join-heading">You're in {invite.class_name}</h1>
        <p role="status">{result?.text ?? `You're already in ${invite.class_name}.`} Work your teacher sets appears on your dashboard.</p>
        <div className="button-row">
          <ButtonLink to="/dashboard" primary>Go to your dashboard</ButtonLink>
        </div>
      </>
    );
  }
  return (
    <>
      <h1 id="join-heading">Join {invite.class_name}</h1>
      <p>
        Teacher: <strong>{invite.tutor_name}</strong>. When you join, your teacher can see your practice and set you work.
      </p>
      {result ? (
        <p className="field-error" role="alert">
          {result.text}
        </p>
      ) : null}
      <div className="button-row">
        <button type="button" className="button primary" disabled={busy} onClick={() => void join()}>
          {busy ? 'Joining…' : `Join ${invite.class_name}`}
        </button>
        <ButtonLink to="/dashboard">Not now</ButtonLink>
      </div>
    </>
  );
}
