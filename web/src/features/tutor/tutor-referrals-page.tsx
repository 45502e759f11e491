import { useCallback, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/client.ts';
import { announce } from '../../components/announcer.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { LoadFailedAlert } from '../../components/retry-alert.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useLoad } from '../../components/use-load.ts';
import { TutorPicker, useTutorScope } from './tutor-picker.tsx';
import { formatDate, tutorApi, type CodeCheck } from './tutor-api.ts';
import { TutorStats } from './tutor-stats.tsx';
import { TutorTable } from './tutor-table.tsx';
import './tutor.css';

type CheckState = { kind: 'idle' } | { kind: 'checking' } | ({ kind: 'done' } & CodeCheck);

const CODE_STATUS: Record<string, string> = { pending: 'Pending', active: 'Active', inactive: 'Inactive' };

/** How the custom-code line looks: good news green, one's own code plain, the rest an error. */
function resultClass(check: CheckState, justSet: boolean): string {
  if (check.kind !== 'done') return justSet ? 'tutor-check-ok' : 'field-hint';
  if (check.status === 'available') return 'tutor-check-ok';
  return check.status === 'yours' ? 'field-hint' : 'field-error';
}

/** /tutor/referrals: SPEC §2 Tutor referrals — real codes, statistics and the custom code check. */
export function TutorReferralsPage() {
  useDocumentTitle('Referral Codes');
  const tutorId = useTutorScope();
  const { load, reload } = useLoad(useCallback((signal: AbortSignal) => tutorApi.codes(tutorId, signal), [tutorId]));
  // Which card made the last code: each card says what it did, and only that.
  const [made, setMade] = useState<{ code: string; by: 'generate' | 'custom' } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [custom, setCustom] = useState('');
  const [check, setCheck] = useState<CheckState>({ kind: 'idle' });

  const run = async (by: 'generate' | 'custom', work: () => Promise<string>) => {
    setBusy(true);
    setActionError(null);
    setMade(null);
    try {
      const code = await work();
      setMade({ code, by });
      announce(`Your referral code ${code.split('').join(' ')} is ready.`);
      reload();
    } catch (error) {
      setActionError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const checkAvailability = async (event: FormEvent) => {
    event.preventDefault();
    setCheck({ kind: 'checking' });
    try {
      const result = await tutorApi.check(custom);
      setCheck({ kind: 'done', ...result });
      announce(result.message);
    } catch (error) {
      setCheck({ kind: 'done', code: null, status: 'invalid', message: errorMessage(error) });
    }
  };

  const setCode = () =>
    run('custom', async () => {
      const { code } = await tutorApi.setCustom(custom);
      setCustom('');
      setCheck({ kind: 'idle' });
      return code;
    });

  const deactivate = async (code: string) => {
    setActionError(null);
    try {
      await tutorApi.deactivate(code);
      announce(`${code} is deactivated.`);
      reload();
    } catch (error) {
      setActionError(errorMessage(error));
    }
  };

  const data = load.kind === 'ready' ? load.data : null;
  const available = check.kind === 'done' && check.status === 'available';

  return (
    <main id="main" className="page tutor-page">
      <header className="tutor-header">
        <div>
          <h1>Referral Codes</h1>
          <p className="muted">Give a code to your students: they enter it when they register, or later on their profile.</p>
        </div>
        <TutorPicker />
      </header>

      <ErrorAlert message={actionError} />

      <div className="tutor-columns">
        <section className="card" aria-labelledby="generate-heading">
          <h2 id="generate-heading">New referral code</h2>
          <p className="muted">A code like TUTOR7K2Q9M, made up at random.</p>
          <button type="button" className="button primary" disabled={busy} onClick={() => void run('generate', async () => (await tutorApi.generate()).code)}>
            Generate Code
          </button>
          {made?.by === 'generate' ? (
            <p className="tutor-new-code" role="status">
              Your new code: <strong>{made.code}</strong>
            </p>
          ) : null}
        </section>

        <section className="card" aria-labelledby="custom-heading">
          <h2 id="custom-heading">Set Custom Referral Code</h2>
          <form onSubmit={(event) => void checkAvailability(event)} noValidate>
            <div className="field">
              <label htmlFor="custom-code">Custom code</label>
              <input
                id="custom-code"
                type="text"
                value={custom}
                maxLength={40}
                autoComplete="off"
                aria-describedby="custom-code-hint custom-code-result"
                onChange={(event) => {
                  setCustom(event.target.value);
                  setCheck({ kind: 'idle' });
                }}
              />
              <p className="field-hint" id="custom-code-hint">
                3-20 letters and digits; we make it upper case.
              </p>
              {/* One's own code is no error: it is simply already set. */}
              <p id="custom-code-result" className={resultClass(check, made?.by === 'custom')} aria-live="polite">
                {check.kind === 'checking' ? 'Checking...' : check.kind === 'done' ? check.message : made?.by === 'custom' ? `${made.code} is now your code.` : ''}
              </p>
            </div>
            <div className="tutor-custom-buttons">
              <button type="submit" className="button" disabled={check.kind === 'checking' || custom.trim() === ''}>
                Check Availability
              </button>
              <button type="button" className="button primary" disabled={!available || busy} onClick={() => void setCode()}>
                Set Code
              </button>
            </div>
          </form>
        </section>
      </div>

      <LoadFailedAlert load={load} onRetry={reload} />

      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading">Referral statistics</h2>
        <TutorStats
          figures={[
            { label: 'Codes', value: data?.stats.totalCodes },
            { label: 'Times used', value: data?.stats.totalUses },
            { label: 'Students joined', value: data?.stats.studentsJoined },
            { label: 'Active students', value: data?.stats.activeStudents },
          ]}
          busy={data === null}
        />
      </section>

      <section className="card" aria-labelledby="codes-heading">
        <h2 id="codes-heading">Your referral codes</h2>
        {data === null && load.kind !== 'error' ? <p className="muted">Loading...</p> : null}
        {data !== null && data.codes.length === 0 ? <p className="muted">No referral codes yet. Generate one to invite your first student.</p> : null}
        {data !== null && data.codes.length > 0 ? (
          <TutorTable columns={['Code', 'Status', 'Created', 'Used', 'Student']} actions>
            {data.codes.map((code) => (
              <tr key={code.code}>
                <td data-label="Code" className="tutor-code">
                  {code.code}
                </td>
                <td data-label="Status">
                  <span className={`badge status-${code.status}`}>{CODE_STATUS[code.status]}</span>
                </td>
                <td data-label="Created">{formatDate(code.created_at)}</td>
                <td data-label="Used">{code.used_at ? `${formatDate(code.used_at)}${code.uses > 1 ? ` (${code.uses} times)` : ''}` : 'Not yet'}</td>
                <td data-label="Student">
                  {code.student_name ? (
                    <>
                      <span className="tutor-student-name">{code.student_name}</span>
                      <span className="muted small tutor-student-email">{code.student_email}</span>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td>
                  <div className="tutor-row-actions">
                    {code.status !== 'inactive' ? (
                      <button type="button" className="button small" onClick={() => void deactivate(code.code)}>
                        Deactivate<span className="visually-hidden"> {code.code}</span>
                      </button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </TutorTable>
        ) : null}
      </section>
    </main>
  );
}
