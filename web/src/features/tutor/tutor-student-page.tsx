import { lazy, Suspense, useCallback } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Spinner } from '../../components/loading-screen.tsx';
import { LoadFailedAlert } from '../../components/retry-alert.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useLoad } from '../../components/use-load.ts';
import { formatWhen, tutorApi, type StudentProgress } from './tutor-api.ts';
import { TutorStats } from './tutor-stats.tsx';
import './tutor.css';

// recharts is loaded only when a chart is shown (docs/charts.md).
const MasteryChart = lazy(() => import('./mastery-chart.tsx').then((m) => ({ default: m.MasteryChart })));
const DailyChart = lazy(() => import('./mastery-chart.tsx').then((m) => ({ default: m.DailyChart })));

/** /tutor/students/:id: an active student's mastery by topic over time, accuracy and study time per day, due reviews. */
export function TutorStudentPage() {
  const { id = '' } = useParams();
  const { load, reload } = useLoad(useCallback((signal: AbortSignal) => tutorApi.progress(id, signal), [id]));
  const progress = load.kind === 'ready' ? load.data : null;
  useDocumentTitle(progress?.student ? `${progress.student.name} — Student` : 'Student');

  return (
    <main id="main" className="page tutor-page">
      <header className="tutor-header">
        <div>
          <p className="small">
            <Link to="/tutor/students">← All students</Link>
          </p>
          <h1>{progress?.student?.name ?? 'Student'}</h1>
          {progress?.student ? (
            <p className="muted">
              {progress.student.email}
              {progress.student.grade_level ? ` · Grade ${progress.student.grade_level}` : ''} · Last active{' '}
              {progress.student.last_active ? formatWhen(progress.student.last_active) : 'never'}
            </p>
          ) : null}
        </div>
      </header>

      <LoadFailedAlert load={load} onRetry={reload} />
      {load.kind === 'loading' ? <p className="muted">Loading...</p> : null}
      {progress ? <StudentDetail progress={progress} /> : null}
    </main>
  );
}

function StudentDetail({ progress }: { progress: StudentProgress }) {
  const practised = progress.days.some((day) => day.answers > 0);
  const figures = [
    { label: 'Due today', value: progress.problems_due_today },
    { label: 'Overdue', value: progress.problems_overdue, warn: progress.problems_overdue > 0 },
    { label: 'Problems attempted', value: progress.problems_attempted },
    { label: 'Problems mastered', value: progress.problems_mastered },
  ];
  return (
    <>
      <TutorStats figures={figures} />
      <section className="card tutor-chart" aria-labelledby="mastery-heading">
        <h2 id="mastery-heading">Mastery by topic over time</h2>
        <p className="muted small">Share of the problems tried in each topic that were mastered by the end of each day (last 30 days).</p>
        {progress.topics.length === 0 ? (
          <p className="muted">No practice yet: the chart appears after the first answers.</p>
        ) : (
          <Suspense fallback={<Spinner />}>
            <MasteryChart progress={progress} />
          </Suspense>
        )}
      </section>
      <section className="card tutor-chart" aria-labelledby="daily-heading">
        <h2 id="daily-heading">Accuracy and study time per day</h2>
        {practised ? (
          <Suspense fallback={<Spinner />}>
            <DailyChart progress={progress} />
          </Suspense>
        ) : (
          <p className="muted">No practice in the last 30 days.</p>
        )}
      </section>
    </>
  );
}
