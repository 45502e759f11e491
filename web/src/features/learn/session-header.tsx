import { formatResponseTime, motivationalLine } from '@mathdaily/domain/learning/progress';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { sessionAccuracy, type SessionProgress } from './learn-store.ts';
import { useNow } from './use-now.ts';

/** Whole minutes since the session started. */
const elapsedMinutes = (startMs: number, nowMs: number): number => Math.max(0, Math.floor((nowMs - startMs) / 60_000));

/**
 * SPEC §2 Learn header: Accuracy %, Streak (right answers in a row in this session, retries
 * included: a child reads it as their run, issue 31), Avg Time, Remaining (a missed problem asked again included) and the minutes elapsed,
 * with the motivational line.
 */
export function SessionHeader({ progress, streak, remaining }: { progress: SessionProgress; streak: number; remaining: number }) {
  const now = useNow(5_000);
  const accuracy = sessionAccuracy(progress);
  const done = progress.problemsCompleted;
  const minutes = elapsedMinutes(progress.sessionStartTime, now);
  return (
    <section className="learn-header card" aria-label="Session progress">
      <p className="learn-motivation" data-testid="motivational-line">
        {motivationalLine(accuracy, done)}
      </p>
      <dl className="learn-stats">
        <div className="learn-stat">
          <dt>Accuracy</dt>
          <dd data-testid="stat-accuracy">{accuracy}%</dd>
        </div>
        <div className="learn-stat">
          <dt>Streak</dt>
          <dd data-testid="stat-streak" title="Right answers in a row this session">
            {streak}
          </dd>
        </div>
        <div className="learn-stat">
          <dt>Avg Time</dt>
          <dd data-testid="stat-avg-time">{done > 0 ? formatResponseTime(progress.averageResponseTime) : '–'}</dd>
        </div>
        <div className="learn-stat">
          <dt>Remaining</dt>
          <dd data-testid="stat-remaining">{remaining}</dd>
        </div>
        <div className="learn-stat">
          <dt>Time</dt>
          <dd data-testid="stat-elapsed">
            {minutes} min<span className="visually-hidden"> elapsed</span>
          </dd>
        </div>
      </dl>
      <ProgressBar className="learn-progress" label="Problems completed" value={done} max={progress.totalProblems} valueText={`${done} of ${progress.totalProblems} problems completed`} />
    </section>
  );
}
