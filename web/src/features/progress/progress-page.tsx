import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { formatStudyTime, masteryLevel } from '@mathdaily/domain/learning/progress';
import { useAuth } from '../../auth/auth-store.ts';
import { announce } from '../../components/announcer.tsx';
import { TableHead } from '../../components/table-head.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { learningTips, overallMasteryRate, percent, performanceInsights, topicRows, type Insight } from './insights.ts';
import { KnowledgeMap } from './knowledge-map.tsx';
import { fetchProgress, type ProgressSummary } from './progress-api.ts';
import { ButtonLink } from '../../components/button-link.tsx';
import './progress.css';

// recharts comes with the charts only, after the page's data (docs/charts.md).
const TopicBarsChart = lazy(() => import('./progress-charts.tsx').then((m) => ({ default: m.TopicBarsChart })));
const WeekChart = lazy(() => import('./progress-charts.tsx').then((m) => ({ default: m.WeekChart })));

export const PROGRESS_LOAD_ERROR = 'Failed to load progress data. Please try again.';
/** SPEC §8 'Learning': what the learning service reports (logged; the page shows PROGRESS_LOAD_ERROR). */
export const PROGRESS_SUMMARY_FAILED = 'Failed to load progress summary';

type Load = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; data: ProgressSummary; refreshing: boolean };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** /progress: SPEC §2 Progress, from the real progress summary (SPEC §3). */
export function ProgressPage() {
  useDocumentTitle('Your progress');
  const user = useAuth((state) => state.user);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const controller = useRef<AbortController | null>(null);

  const reload = useCallback(
    async (mode: 'initial' | 'refresh' | 'retry') => {
      if (!user) return;
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setLoad((previous) => (mode === 'refresh' && previous.kind === 'ready' ? { ...previous, refreshing: true } : { kind: 'loading' }));
      try {
        const data = await fetchProgress(user.id, current.signal);
        if (current.signal.aborted) return;
        setLoad({ kind: 'ready', data, refreshing: false });
        if (mode === 'refresh') announce('Progress data refreshed.');
      } catch (error) {
        if (current.signal.aborted) return;
        console.warn(PROGRESS_SUMMARY_FAILED, error);
        setLoad({ kind: 'error' });
        announce(PROGRESS_LOAD_ERROR, 'assertive');
      }
    },
    [user],
  );

  useEffect(() => {
    void reload('initial');
    return () => controller.current?.abort();
  }, [reload]);

  const data = load.kind === 'ready' ? load.data : null;
  const empty = data !== null && data.total_problems_attempted === 0;

  return (
    <main id="main" className="page progress-page" aria-busy={load.kind === 'loading' || (load.kind === 'ready' && load.refreshing)}>
      <header className="progress-header">
        <div>
          <h1>Your Progress</h1>
          <p className="muted">How your practice is going, topic by topic.</p>
        </div>
        {data && !empty ? (
          <div className="progress-header-actions">
            <button
              type="button"
              className="button"
              onClick={() => void reload('refresh')}
              disabled={load.kind === 'ready' && load.refreshing}
            >
              <span aria-hidden="true">↻</span> {load.kind === 'ready' && load.refreshing ? 'Refreshing...' : 'Refresh Data'}
            </button>
            <ButtonLink to="/topics">Choose a Topic</ButtonLink>
            <ButtonLink to="/learn" primary>Continue Learning</ButtonLink>
          </div>
        ) : null}
      </header>

      {load.kind === 'loading' ? <ProgressSkeleton /> : null}

      {load.kind === 'error' ? (
        <div className="alert alert-error progress-error" data-testid="progress-error">
          <h2>{PROGRESS_LOAD_ERROR}</h2>
          <button type="button" className="button small" onClick={() => void reload('retry')}>
            Try Again
          </button>
        </div>
      ) : null}

      {empty ? (
        <section className="card progress-empty" aria-labelledby="progress-empty-heading">
          <p className="progress-empty-icon" aria-hidden="true">
            📊
          </p>
          <h2 id="progress-empty-heading">No Progress Data</h2>
          <p className="muted">Answer your first problems and your mastery, streaks and insights will appear here.</p>
          <ButtonLink to="/learn" primary>Start Learning</ButtonLink>
        </section>
      ) : null}

      {data && !empty && user ? <ProgressReport data={data} userId={user.id} /> : null}
    </main>
  );
}

function ProgressReport({ data, userId }: { data: ProgressSummary; userId: string }) {
  const rate = overallMasteryRate(data);
  const level = masteryLevel(rate);
  const topics = topicRows(data);
  const success = percent(data.overall_success_rate);
  return (
    <>
      {data.problems_due_today > 0 ? (
        <section className="progress-review-banner" aria-labelledby="progress-review-heading" data-testid="review-banner">
          <span className="progress-review-icon" aria-hidden="true">
            🔔
          </span>
          <div>
            <h2 id="progress-review-heading">Ready for Review</h2>
            <p>
              {plural(data.problems_due_today, 'problem is', 'problems are')} due for review today
              {data.problems_overdue > 0 ? `, ${data.problems_overdue} of them overdue` : ''}.
            </p>
          </div>
          <ButtonLink to="/learn" primary>Start Session</ButtonLink>
        </section>
      ) : null}

      <section aria-labelledby="progress-overview-heading" className="progress-section">
        <h2 id="progress-overview-heading" className="visually-hidden">
          Overview
        </h2>
        <dl className="progress-overview">
          <OverviewStat className="progress-stat-mastery" label="Overall Mastery" testId="overall-mastery" value={level}>
            {data.total_problems_mastered} of {plural(data.total_problems_attempted, 'problem')} mastered ({percent(rate)}%)
          </OverviewStat>
          <OverviewStat label="Total Study Time" testId="study-time" value={formatStudyTime(data.total_study_time_seconds)}>
            time spent answering
          </OverviewStat>
          <OverviewStat label="Current Streak" testId="current-streak" value={plural(data.current_streak, 'day')}>
            longest: {plural(data.longest_streak, 'day')}
          </OverviewStat>
          <OverviewStat label="Success Rate" testId="success-rate" value={`${success}%`}>
            {data.correct_answers !== undefined && data.total_answers !== undefined
              ? `${data.correct_answers} of ${plural(data.total_answers, 'answer')} correct, every try counted`
              : 'of all answers'}
          </OverviewStat>
        </dl>
      </section>

      <div className="progress-columns">
        <section className="card progress-topics" aria-labelledby="progress-topics-heading">
          <h2 id="progress-topics-heading">Mastery by Topic</h2>
          {topics.length > 0 ? (
            <Suspense fallback={<div className="progress-chart-placeholder" style={{ height: topics.length * 56 + 64 }} />}>
              <TopicBarsChart
                topics={topics.map((topic) => ({
                  topic: topic.topic,
                  mastered: percent(topic.mastery_rate),
                  correct: topic.success_rate !== undefined ? percent(topic.success_rate) : null,
                }))}
              />
            </Suspense>
          ) : null}
          <TopicChart topics={topics} />
        </section>

        <div className="progress-side">
          <InsightList id="progress-insights" title="Performance Insights" items={performanceInsights(data)} />
          <InsightList id="progress-tips" title="Learning Tips" items={learningTips(data)} />
        </div>
      </div>

      {data.recent_activity && data.recent_activity.some((day) => day.answers > 0) ? <RecentActivity days={data.recent_activity} /> : null}
      {data.reviews_ahead ? <ReviewsAhead days={data.reviews_ahead} /> : null}
      <KnowledgeMap userId={userId} />
    </>
  );
}

/** One figure of the overview: its name, the value, and a note under it. */
function OverviewStat({ className, label, testId, value, children }: { className?: string; label: string; testId: string; value: ReactNode; children: ReactNode }) {
  return (
    <div className={className ? `progress-stat ${className}` : 'progress-stat'}>
      <dt>{label}</dt>
      <dd>
        <span className="progress-stat-value" data-testid={testId}>
          {value}
        </span>
        <span className="progress-stat-note">{children}</span>
      </dd>
    </div>
  );
}

/**
 * Mastery by topic as a table, the chart's alternative for screen readers (visually hidden: the
 * chart above shows the same figures).
 */
function TopicChart({ topics }: { topics: ReturnType<typeof topicRows> }) {
  if (topics.length === 0) return <p className="muted">No topics yet.</p>;
  // Hidden by a wrapper: a table itself does not shrink to the 1 px of visually-hidden.
  return (
    <div className="visually-hidden">
      <table className="topic-chart" data-testid="topic-chart">
        <caption className="visually-hidden">Mastery by topic: problems mastered of problems practised, and the share answered correctly</caption>
        <TableHead columns={['Topic', 'Mastered', 'Correct']} />
        <tbody>
          {topics.map((topic) => {
            const mastery = percent(topic.mastery_rate);
            const correct = topic.success_rate !== undefined ? percent(topic.success_rate) : null;
            return (
              <tr key={topic.topic}>
                <th scope="row">
                  <span className="topic-name">{topic.topic}</span>
                  <span className="topic-level">{topic.mastery_level ?? masteryLevel(topic.mastery_rate)}</span>
                </th>
                <td>
                  <span className="topic-figure">
                    {topic.mastered} of {topic.total}
                    <span className="muted"> ({mastery}%)</span>
                  </span>
                </td>
                <td>
                  {correct === null ? '–' : <span className="topic-figure">{correct}%</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function InsightList({ id, title, items }: { id: string; title: string; items: Insight[] }) {
  return (
    <section className="card progress-insights" aria-labelledby={`${id}-heading`} data-testid={id}>
      <h2 id={`${id}-heading`}>{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.text}>
            <span aria-hidden="true">{item.icon}</span>
            <span>{item.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const dayName = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, { weekday: 'short', timeZone: 'UTC' });
const fullDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

function RecentActivity({ days }: { days: NonNullable<ProgressSummary['recent_activity']> }) {
  return (
    <section className="card progress-activity" aria-labelledby="progress-activity-heading">
      <h2 id="progress-activity-heading">The Last 7 Days</h2>
      <Suspense fallback={<div className="progress-chart-placeholder" style={{ height: 220 }} />}>
        <WeekChart days={days.map((day) => ({ day: dayName(day.date), answers: day.answers, correct: day.correct }))} />
      </Suspense>
      <div className="visually-hidden">
        <table data-testid="week-table">
          <caption>Answers and correct answers on each of the last 7 days</caption>
          <TableHead columns={['Day', 'Answers', 'Correct']} />
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{fullDay(day.date)}</th>
                <td>{day.answers}</td>
                <td>{day.correct}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** "Today", "Tomorrow", then the weekday and date. */
const aheadDay = (date: string, index: number) => (index === 0 ? 'Today' : index === 1 ? 'Tomorrow' : new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }));

/** The reviews due on each of the next 14 days (Anki's forecast), as a list of bars. */
function ReviewsAhead({ days }: { days: NonNullable<ProgressSummary['reviews_ahead']> }) {
  const most = Math.max(1, ...days.map((day) => day.reviews));
  return (
    <section className="card progress-ahead progress-section" aria-labelledby="progress-ahead-heading" data-testid="reviews-ahead">
      <h2 id="progress-ahead-heading">Reviews Coming Up</h2>
      <p className="muted small">Problems you have answered come back when you are about to forget them. This is how many are due each day for the next two weeks.</p>
      <ol>
        {days.map((day, index) => (
          <li key={day.date}>
            <span className="visually-hidden">{`${aheadDay(day.date, index)}: ${plural(day.reviews, 'review')}`}</span>
            <span aria-hidden="true">{aheadDay(day.date, index)}</span>
            <span className="progress-ahead-bar" aria-hidden="true">
              <span style={{ width: `${(day.reviews / most) * 100}%` }} />
            </span>
            <span className="progress-ahead-count" aria-hidden="true">
              {day.reviews}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ProgressSkeleton() {
  return (
    <div className="progress-skeleton" data-testid="progress-skeleton">
      <span className="visually-hidden" role="status">
        Loading your progress...
      </span>
      <div className="progress-overview" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="skeleton progress-skeleton-stat" />
        ))}
      </div>
      <div className="progress-columns" aria-hidden="true">
        <div className="skeleton progress-skeleton-block" />
        <div className="skeleton progress-skeleton-block" />
      </div>
    </div>
  );
}
