import { useCallback, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { localOfInstant } from '@mathdaily/domain/tutoring/due-dates';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/auth-store.ts';
import { announce } from '../../components/announcer.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { MathText, TypedMath } from '../../components/math-text.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useLoad } from '../../components/use-load.ts';
import { ASSIGNMENT_STATUS, classesApi, formatDue, percent } from './classes-api.ts';
import { PageLoadError } from './page-load-error.tsx';
import { formatWhen } from './tutor-api.ts';
import { TutorStats } from './tutor-stats.tsx';
import { TutorTable } from './tutor-table.tsx';
import './tutor.css';
import './classroom.css';

/** /tutor/classes/:id/assignments/:assignmentId: who has done the work (score), who has not, and which problems went wrong. */
export function TutorAssignmentPage() {
  const { id = '', assignmentId = '' } = useParams();
  const navigate = useNavigate();
  const { load, reload } = useLoad(useCallback((signal: AbortSignal) => classesApi.assignment(id, assignmentId, signal), [id, assignmentId]));
  const work = load.kind === 'ready' ? load.data : null;
  useDocumentTitle(work ? `${work.title} — Work` : 'Work');
  const isTutor = useAuth((state) => state.user?.role === 'tutor');
  const [due, setDue] = useState<{ date: string; time: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const redate = async (event: FormEvent) => {
    event.preventDefault();
    if (!due) return;
    setError(null);
    try {
      await classesApi.redate(id, assignmentId, due.date, due.time);
      announce('The due date is changed.');
      setDue(null);
      reload();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const remove = async () => {
    if (!work || !window.confirm(`Remove “${work.title}”? Students' answers stay in their history.`)) return;
    try {
      await classesApi.removeAssignment(id, assignmentId);
      announce('The work is removed.');
      navigate(`/tutor/classes/${id}`);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <main id="main" className="page tutor-page">
      <p className="small">
        <Link to={`/tutor/classes/${id}`}>← {work?.class_name ?? 'Class'}</Link>
      </p>
      {load.kind === 'error' ? (
        <PageLoadError title="This work could not be shown" message={load.message} />
      ) : null}
      {load.kind === 'loading' ? <p className="muted">Loading…</p> : null}
      {work ? (
        <>
          <header className="class-header">
            <div>
              <h1>{work.title}</h1>
              <p className="muted">
                Due {formatDue(work.due_at, work.time_zone)} · {work.problems.length} {work.problems.length === 1 ? 'problem' : 'problems'} · {work.students.length}{' '}
                {work.students.length === 1 ? 'student' : 'students'}
              </p>
            </div>
            {isTutor ? (
              <div className="class-header-actions">
                <button type="button" className="button" onClick={() => setDue({ date: localOfInstant(work.due_at, work.time_zone).slice(0, 10), time: localOfInstant(work.due_at, work.time_zone).slice(11) })}>
                  Change due date
                </button>
                <button type="button" className="button" onClick={() => void remove()}>
                  Remove work
                </button>
              </div>
            ) : null}
          </header>
          <ErrorAlert message={error} />
          {due ? (
            <form className="card class-form class-settings class-section" onSubmit={(event) => void redate(event)} noValidate>
              <div className="field">
                <label htmlFor="redate-date">Due date</label>
                <input id="redate-date" type="date" value={due.date} onChange={(event) => setDue({ ...due, date: event.target.value })} />
              </div>
              <div className="field">
                <label htmlFor="redate-time">Due time</label>
                <input id="redate-time" type="time" value={due.time} onChange={(event) => setDue({ ...due, time: event.target.value })} />
              </div>
              <div className="qs-form-actions">
                <button type="submit" className="button primary">
                  Save due date
                </button>
                <button type="button" className="button" onClick={() => setDue(null)}>
                  Cancel
                </button>
              </div>
            </form>
          ) : null}

          <TutorStats
            figures={[
              { label: 'Done', value: work.done },
              { label: 'In progress', value: work.in_progress },
              { label: 'Not started', value: work.not_started },
              { label: 'Overdue', value: work.overdue, warn: work.overdue > 0 },
            ]}
          />

          <section className="card class-section" aria-labelledby="standings-heading">
            <div className="class-section-head">
              <h2 id="standings-heading">Students</h2>
              {work.average_score !== null ? <span className="muted">Average score of those done: {percent(work.average_score)}</span> : null}
            </div>
            <TutorTable columns={['Student', 'Status', 'Answered', 'Score', 'Finished']}>
              {work.students.map((student) => (
                <tr key={student.id}>
                  <td data-label="Student">{student.name}</td>
                  <td data-label="Status">
                    <span className={`work-badge ${ASSIGNMENT_STATUS[student.status].className}`}>{ASSIGNMENT_STATUS[student.status].label}</span>
                  </td>
                  <td data-label="Answered">
                    {student.answered} of {student.total} ({student.correct} right)
                  </td>
                  <td data-label="Score">{student.score === null ? '—' : percent(student.score)}</td>
                  <td data-label="Finished">{student.completed_at ? `${formatWhen(student.completed_at)}${student.late ? ' (late)' : ''}` : '—'}</td>
                </tr>
              ))}
            </TutorTable>
          </section>

          <section className="card class-section" aria-labelledby="problems-heading">
            <h2 id="problems-heading">Problems</h2>
            <ol className="qs-questions">
              {work.problems.map((problem) => (
                <li key={problem.id}>
                  <MathText text={problem.question} as="p" className="qs-question-text" />
                  <p className="muted small">
                    {problem.topic} · Answer: {problem.correct_answer ? <TypedMath value={problem.correct_answer} /> : '—'} · {problem.answered} answered
                    {problem.answered > 0 ? `, ${problem.wrong} wrong` : ''}
                  </p>
                </li>
              ))}
            </ol>
          </section>
        </>
      ) : null}
    </main>
  );
}
