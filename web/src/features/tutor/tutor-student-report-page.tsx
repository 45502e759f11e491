import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../../api/client.ts';
import { TableHead } from '../../components/table-head.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useLoad } from '../../components/use-load.ts';
import { ASSIGNMENT_STATUS, classesApi, formatDue, percent, saveCsv, type StudentReport } from './classes-api.ts';
import { PageLoadError } from './page-load-error.tsx';
import { ButtonLink } from '../../components/button-link.tsx';
import './tutor.css';
import './classroom.css';

const dateIn = (at: string, timeZone: string) => new Date(at).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone });

/**
 * /tutor/students/:id/report: the student report for parents' evenings — totals, mastery by topic,
 * recent sessions and the work set — laid out to print on one A4 page (classroom.css: print rules).
 */
export function TutorStudentReportPage() {
  const { id = '' } = useParams();
  const { load } = useLoad(useCallback((signal: AbortSignal) => classesApi.studentReport(id, signal), [id]));
  const report = load.kind === 'ready' ? load.data : null;
  useDocumentTitle(report ? `${report.student.name} — Report` : 'Student report');
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setError(null);
    try {
      saveCsv(await classesApi.studentCsv(id), `${report!.student.name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}-report.csv`);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <main id="main" className="page tutor-page report-page">
      <div className="report-toolbar">
        <ButtonLink to={`/tutor/students/${id}`} small>← Progress</ButtonLink>
        <button type="button" className="button small primary" onClick={() => window.print()} disabled={!report}>
          Print
        </button>
        <button type="button" className="button small" onClick={() => void download()} disabled={!report}>
          Download CSV
        </button>
      </div>
      {error ? (
        <div className="alert alert-error no-print" role="alert">
          {error}
        </div>
      ) : null}
      {load.kind === 'error' ? (
        <PageLoadError title="This report could not be shown" message={load.message} />
      ) : null}
      {load.kind === 'loading' ? <p className="muted">Loading report…</p> : null}
      {report ? <ReportSheet report={report} /> : null}
    </main>
  );
}

function ReportSheet({ report }: { report: StudentReport }) {
  const zone = report.student.timezone;
  return (
    <article className="report-sheet">
      <header className="report-head">
        <div>
          <h1>{report.student.name}</h1>
          <p>
            {report.student.grade_level ? `Grade ${report.student.grade_level} · ` : ''}
            {report.student.email}
          </p>
        </div>
        <div>
          <p>
            <strong>MathDaily progress report</strong>
          </p>
          <p>{new Date(report.generated_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: zone })}</p>
        </div>
      </header>
      <ul className="report-figures">
        <li>
          <strong>{report.totals.answers}</strong> problems answered
        </li>
        <li>
          <strong>{percent(report.totals.accuracy)}</strong> answered right
        </li>
        <li>
          <strong>
            {report.totals.topics_mastered} of {report.totals.topics_practised}
          </strong>{' '}
          topics mastered
        </li>
        <li>
          <strong>{report.student.last_active ? dateIn(report.student.last_active, zone) : 'Never'}</strong> last practice
        </li>
      </ul>

      <h2>Mastery by topic</h2>
      {report.topics.length === 0 ? (
        <p>No practice yet.</p>
      ) : (
        <table className="report-table">
          <TableHead columns={['Topic', 'Answers', 'Right', 'Mastery', 'Level']} />
          <tbody>
            {report.topics.slice(0, 10).map((topic) => (
              <tr key={topic.topic}>
                <td>{topic.topic}</td>
                <td>{topic.attempts}</td>
                <td>{percent(topic.accuracy)}</td>
                <td>
                  <span className="report-bar" aria-hidden="true">
                    <span style={{ width: `${Math.round((topic.mastery ?? 0) * 100)}%` }} />
                  </span>
                  {percent(topic.mastery)}
                </td>
                <td>{topic.mastery_level ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {report.topics.length > 10 ? <p className="report-foot">…and {report.topics.length - 10} more topics (all of them are in the CSV).</p> : null}

      <h2>Recent sessions</h2>
      {report.recent_sessions.length === 0 ? (
        <p>No sessions yet.</p>
      ) : (
        <table className="report-table">
          <TableHead columns={['Day', 'Topics', 'Answers', 'Right', 'Time']} />
          <tbody>
            {report.recent_sessions.map((session) => (
              <tr key={session.session_id}>
                <td>{dateIn(session.ended_at, zone)}</td>
                <td>{session.topics.join(', ')}</td>
                <td>{session.answers}</td>
                <td>{percent(session.accuracy)}</td>
                <td>{session.minutes} min</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>Work set</h2>
      {report.assignments.length === 0 ? (
        <p>No work set yet.</p>
      ) : (
        <table className="report-table">
          <TableHead columns={['Work', 'Class', 'Due', 'Status', 'Score']} />
          <tbody>
            {report.assignments.map((work) => (
              <tr key={work.id}>
                <td>{work.title}</td>
                <td>{work.class_name}</td>
                <td>{formatDue(work.due_at, work.time_zone)}</td>
                <td>
                  {ASSIGNMENT_STATUS[work.status].label}
                  {work.late ? ' (late)' : ''}
                </td>
                <td>{work.score === null ? `${work.answered} of ${work.total}` : percent(work.score)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="report-foot">
        {report.assignment_summary}
        {report.assignments_total > report.assignments.length ? ` · the ${report.assignments.length} most recent of ${report.assignments_total} shown` : ''}. Mastery: the share of the problems
        tried in a topic that are mastered. Times in {zone.replace(/_/g, ' ')}.
      </p>
    </article>
  );
}
