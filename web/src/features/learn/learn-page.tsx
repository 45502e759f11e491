import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { useAuth } from '../../auth/auth-store.ts';
import { announce } from '../../components/announcer.tsx';
import { Spinner } from '../../components/loading-screen.tsx';
import { warmUpMath } from '../../components/math-text.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { findTopic } from '@mathdaily/domain/problems/topics';
import { FeedbackStep } from './feedback-step.tsx';
import { learnApi, newSessionId, startDueProblemsEarly } from './learn-api.ts';
import { answerStreak, createLearnStore, currentProblem, EMPTY_QUEUE_MESSAGE, missedProblems, LOAD_ERROR_MESSAGE, remainingProblems, SESSION_LIMIT, type LearnStore } from './learn-store.ts';
import { ProblemStep } from './problem-step.tsx';
import { RatingStep } from './rating-step.tsx';
import { SessionHeader } from './session-header.tsx';
import { SummaryStep } from './summary-step.tsx';
import { useStepFocus } from './use-step-focus.ts';
import { PlacementGate } from '../placement/placement-gate.tsx';
import { ButtonLink } from '../../components/button-link.tsx';
import './learn.css';

let clicksWatched = false;

/**
 * Readies /learn before a student opens it (called once this chunk has been prefetched): KaTeX
 * warmed up, and a click on any link to /learn starts loading the due problems at once, in
 * parallel with the page's render rather than after it.
 */
export function prepareLearnPage() {
  warmUpMath();
  if (clicksWatched) return;
  clicksWatched = true;
  document.addEventListener(
    'click',
    (event) => {
      const user = useAuth.getState().user;
      if (user?.role !== 'student' || event.defaultPrevented || !(event.target instanceof Element)) return;
      if (event.target.closest('a[href="/learn"]')) startDueProblemsEarly(user.id, SESSION_LIMIT);
    },
    // Capture: before React Router's own click handler starts the navigation.
    true,
  );
}

/** /learn: SPEC §2 Learn (practice session), §4 practice-session states. A student with no grade is placed first (PlacementGate). */
export function LearnPage() {
  useDocumentTitle('Practice session');
  const user = useAuth((state) => state.user);
  // /learn?topic=fractions: a focused session on one topic (the topic chooser's Practise).
  const topicId = useSearchParams()[0].get('topic');
  if (!user) return null;
  if (user.role !== 'student') {
    return (
      <main id="main" className="page learn-page">
        <h1>Practice Session</h1>
        <div className="card learn-panel">
          <p>Practice sessions are for student accounts. Sign in as a student to practise.</p>
          <ButtonLink to="/dashboard" primary>Return to Dashboard</ButtonLink>
        </div>
      </main>
    );
  }
  return (
    <PlacementGate hasGrade={user.gradeLevel !== null}>
      <LearnSession key={`${user.id}:${topicId ?? ''}`} userId={user.id} topicId={topicId} />
    </PlacementGate>
  );
}

function LearnSession({ userId, topicId }: { userId: string; topicId: string | null }) {
  // One store per visit; the visit continues the open session of the day, else starts one.
  const [store] = useState<LearnStore>(() =>
    createLearnStore({ api: learnApi, userId, topicId, newSessionId, announce }),
  );
  const state = useStore(store);

  useEffect(() => {
    store.getState().start();
    return () => store.getState().dispose();
  }, [store]);

  const onSelectRating = useCallback((rating: number) => store.getState().selectRating(rating), [store]);
  const problem = currentProblem(state);
  const active = state.step === 'problem' || state.step === 'feedback' || state.step === 'rating';

  return (
    <main id="main" className="page learn-page" data-step={state.step}>
      <h1 className="learn-title">Practice Session</h1>
      {state.topicId ? (
        <p className="muted" data-testid="learn-focus">
          Focused practice: {findTopic(state.topicId)?.name ?? state.topicId} · <Link to="/topics">Choose another topic</Link>
        </p>
      ) : null}
      {active ? <SessionHeader progress={state.progress} streak={answerStreak(state.answers)} remaining={remainingProblems(state)} /> : null}

      {state.step === 'idle' || state.step === 'loading' ? (
        <div className="card learn-panel learn-loading">
          <Spinner label="Loading your practice session..." />
        </div>
      ) : null}

      {state.step === 'load-error' ? (
        <StatusPanel tone="error" title={LOAD_ERROR_MESSAGE} icon="⚠️">
          <button type="button" className="button primary" onClick={() => void state.load()}>
            Try Again
          </button>
          <ButtonLink to="/dashboard">Return to Dashboard</ButtonLink>
        </StatusPanel>
      ) : null}

      {state.step === 'empty' ? (
        <StatusPanel tone="info" title={EMPTY_QUEUE_MESSAGE} icon="🌟">
          <ButtonLink to="/progress" primary>View Progress</ButtonLink>
          <ButtonLink to="/dashboard">Return to Dashboard</ButtonLink>
        </StatusPanel>
      ) : null}

      {state.step === 'problem' && problem ? (
        <ProblemStep
          key={`${problem.id}-${state.index}`}
          problem={problem}
          number={state.index + 1}
          total={state.problems.length}
          hint={state.hint}
          answerError={state.answerError}
          submitting={state.submitting}
          submitError={state.submitError}
          onToggleHint={() => void state.toggleHint()}
          onRetryHint={() => void state.retryHint()}
          onSubmit={(answer) => void state.submit(answer)}
          onAnswerChange={state.clearAnswerError}
          onEnd={state.endSession}
        />
      ) : null}

      {state.step === 'feedback' && state.feedback ? (
        <FeedbackStep feedback={state.feedback} onContinue={state.continueToRating} onEnd={state.endSession} />
      ) : null}

      {state.step === 'rating' && state.feedback ? (
        <RatingStep
          feedback={state.feedback}
          selected={state.selectedRating}
          committed={state.ratingCommitted}
          onSelect={onSelectRating}
          onEnd={state.endSession}
        />
      ) : null}

      {state.step === 'summary' ? (
        <SummaryStep
          progress={state.progress}
          elapsedMs={(state.endedAt ?? Date.now()) - state.progress.sessionStartTime}
          missed={missedProblems(state)}
          onStartNew={state.startNewSession}
          onPractiseMissed={state.practiseMissed}
        />
      ) : null}
    </main>
  );
}

/** The error panel of SPEC §8 (load failure, empty queue), its heading focused when it appears. */
function StatusPanel({ tone, title, icon, children }: { tone: 'error' | 'info'; title: string; icon: string; children: ReactNode }) {
  const heading = useStepFocus<HTMLHeadingElement>(title);
  return (
    <section className={`card learn-panel learn-status is-${tone}`} data-testid="learn-status">
      <p className="learn-status-icon" aria-hidden="true">
        {icon}
      </p>
      <h2 tabIndex={-1} ref={heading}>
        {title}
      </h2>
      <div className="learn-actions">{children}</div>
    </section>
  );
}
