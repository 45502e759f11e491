import {
  formatResponseTime,
  PERSISTENCE_PROBLEMS,
  problemsPerMinute,
  sessionAchievements,
  sessionPerformance,
  type SessionAchievement,
  type SessionPerformance,
} from '@mathdaily/domain/learning/progress';
import { MathText, TypedMath } from '../../components/math-text.tsx';
import { sessionAccuracy, type missedProblems, type SessionProgress } from './learn-store.ts';
import { useStepFocus } from './use-step-focus.ts';
import { ButtonLink } from '../../components/button-link.tsx';

/** Session time in minutes: whole minutes, '<1 min' for a short session. */
function sessionMinutes(elapsedMs: number): string {
  const minutes = Math.floor(Math.max(0, elapsedMs) / 60_000);
  return minutes < 1 ? '<1 min' : `${minutes} min`;
}

const ACHIEVEMENT_TEXT: Record<SessionAchievement, { icon: string; text: string }> = {
  'High Accuracy': { icon: '🎯', text: '80% or more of your answers were correct.' },
  Persistence: { icon: '💪', text: `You completed ${PERSISTENCE_PROBLEMS} or more problems in one session.` },
};

const PERFORMANCE_TEXT: Record<SessionPerformance, string> = {
  Excellent: 'Outstanding work — you really know this material.',
  Great: 'Great work — you are getting these right consistently.',
  Good: 'Good work — a little more practice and these will stick.',
  Learning: 'You are learning — every problem you try makes the next one easier.',
  Developing: 'You are building the foundations — keep going, it gets easier.',
};

/**
 * 'What's Next?' advice from how the session went. It never urges a child past the day's
 * ten-minute session (the Children's Code, docs/childrens-code.md): 'Start New Session' is there
 * for whoever wants it, unprompted.
 */
function whatsNext(accuracy: number, completed: number, planned: number): string {
  if (completed === 0) return 'You ended the session before answering a problem. Start a new session whenever you are ready — even a few problems a day make a difference.';
  const early = completed < planned;
  if (accuracy >= 80)
    return `${early ? 'Nice start! ' : ''}Problems you found easy will come back later, and harder ones sooner. ${early ? 'Come back tomorrow' : "That is today's practice done: see you tomorrow"} for the next ten minutes.`;
  if (accuracy >= 50)
    return 'Read the explanations of the problems you missed — they will come back for review soon, so you get another go. A short session every day is the quickest way to improve.';
  return 'These topics are still new to you, and that is fine. Try opening the hint before answering, read each explanation carefully, and the problems you missed will come back for review tomorrow.';
}

export interface SummaryStepProps {
  progress: SessionProgress;
  elapsedMs: number;
  /** The problems missed at the first try, to go over (a review that teaches, issue 31 item 4). */
  missed: ReturnType<typeof missedProblems>;
  onStartNew: () => void;
  onPractiseMissed: () => void;
}

/**
 * SPEC §2 Learn, summary step: 'Session Complete!' with the performance level, Problems Completed,
 * Accuracy, Session Time, Avg Response Time, Correct and Incorrect, Success Rate, Problems per
 * Minute, session achievements, the problems missed (each question with the student's answer, the
 * right one and the worked explanation, and 'Practise these again'), 'What's Next?', 'Start New
 * Session' and 'Return to Dashboard'.
 */
export function SummaryStep({ progress, elapsedMs, missed, onStartNew, onPractiseMissed }: SummaryStepProps) {
  const heading = useStepFocus<HTMLHeadingElement>(progress.sessionStartTime);
  const completed = progress.problemsCompleted;
  const correct = progress.correctAnswers;
  const accuracy = sessionAccuracy(progress);
  const performance = sessionPerformance(accuracy);
  const achievements = sessionAchievements({ accuracy, completed });
  const stats: { label: string; value: string; id: string }[] = [
    { label: 'Problems Completed', value: String(completed), id: 'completed' },
    { label: 'Accuracy', value: `${accuracy}%`, id: 'accuracy' },
    { label: 'Session Time', value: sessionMinutes(elapsedMs), id: 'session-time' },
    { label: 'Avg Response Time', value: completed > 0 ? formatResponseTime(progress.averageResponseTime) : '–', id: 'avg-response' },
    { label: 'Correct', value: String(correct), id: 'correct' },
    { label: 'Incorrect', value: String(completed - correct), id: 'incorrect' },
    { label: 'Success Rate', value: `${accuracy}%`, id: 'success-rate' },
    { label: 'Problems per Minute', value: problemsPerMinute(completed, elapsedMs).toFixed(1), id: 'per-minute' },
  ];
  return (
    <article className="card learn-step learn-summary" data-step="summary" aria-labelledby="learn-summary-heading">
      <header className="learn-summary-header">
        <p className="learn-summary-icon" aria-hidden="true">
          🏁
        </p>
        <h2 id="learn-summary-heading" tabIndex={-1} ref={heading}>
          Session Complete!
        </h2>
        <p className={`learn-performance is-${performance.toLowerCase()}`} data-testid="performance-level">
          <span className="learn-performance-label">Performance:</span> {performance}
        </p>
        <p className="muted">{PERFORMANCE_TEXT[performance]}</p>
      </header>

      <dl className="learn-summary-stats">
        {stats.map((stat) => (
          <div key={stat.id} className="learn-summary-stat">
            <dt>{stat.label}</dt>
            <dd data-testid={`summary-${stat.id}`}>{stat.value}</dd>
          </div>
        ))}
      </dl>

      {achievements.length > 0 ? (
        <section className="learn-summary-achievements" aria-labelledby="learn-achievements-heading">
          <h3 id="learn-achievements-heading">Achievements this session</h3>
          <ul>
            {achievements.map((name) => (
              <li key={name} data-testid="session-achievement">
                <span className="learn-achievement-icon" aria-hidden="true">
                  {ACHIEVEMENT_TEXT[name].icon}
                </span>
                <span>
                  <strong>{name}</strong>
                  <span className="muted small">{ACHIEVEMENT_TEXT[name].text}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {missed.length > 0 ? (
        <section className="learn-review" aria-labelledby="learn-review-heading" data-testid="summary-review">
          <h3 id="learn-review-heading">Go over what you missed</h3>
          <ol>
            {missed.map(({ problem, answer, rightOnRetry }) => (
              <li key={problem.id} className="learn-review-item" data-testid="review-item">
                <MathText as="p" text={problem.question} />
                <dl>
                  <dt>Your answer</dt>
                  <dd>
                    <TypedMath value={answer.userAnswer} />
                  </dd>
                  <dt>Correct answer</dt>
                  <dd>{answer.correctAnswer ? <TypedMath value={answer.correctAnswer} /> : '–'}</dd>
                </dl>
                {rightOnRetry ? <p className="learn-review-retry small">You got it right when you tried again.</p> : null}
                {answer.explanation ? (
                  <div className="learn-review-explanation">
                    <p className="small muted">How to work it out</p>
                    <MathText as="div" text={answer.explanation} />
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
          <button type="button" className="button primary" onClick={onPractiseMissed}>
            Practise these again
          </button>
        </section>
      ) : null}

      <section className="learn-whats-next" aria-labelledby="learn-next-heading">
        <h3 id="learn-next-heading">What's Next?</h3>
        <p>{whatsNext(accuracy, completed, progress.totalProblems)}</p>
      </section>

      <div className="learn-actions learn-summary-actions">
        <button type="button" className="button primary" onClick={onStartNew}>
          Start New Session
        </button>
        <ButtonLink to="/dashboard">Return to Dashboard</ButtonLink>
      </div>
    </article>
  );
}
