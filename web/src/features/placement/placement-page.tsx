import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { ApiError } from '../../api/client.ts';
import { useAuth } from '../../auth/auth-store.ts';
import { announce } from '../../components/announcer.tsx';
import { Spinner } from '../../components/loading-screen.tsx';
import { MathAnswerInput } from '../../components/math-answer-input.tsx';
import { MathText } from '../../components/math-text.tsx';
import { ProblemFigure } from '../../components/problem-figure.tsx';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { ReadAloudButton, useReadAloudEnabled } from '../../components/read-aloud.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { AnswerOptions, SubmitAnswerButton } from '../learn/answer-options.tsx';
import { placementApi, type PlacementView } from './placement-api.ts';
import { ButtonLink } from '../../components/button-link.tsx';
import '../learn/learn.css';
import './placement.css';

const LOAD_ERROR = "We couldn't load your placement check. Please try again.";
const SUBMIT_ERROR = 'Error submitting answer. Please try again.';
const ANSWER_REQUIRED = 'Please enter an answer';

type Screen =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'intro'; lastGrade: number | null }
  | { kind: 'question'; view: PlacementView }
  | { kind: 'result'; grade: number };

/**
 * /placement: the adaptive placement check (docs/learning-model.md "Placement"). Up to 12
 * questions, one at a time, each chosen by the server from the answers so far; right or wrong is
 * not shown (it measures, it does not teach), and "I haven't learned this yet" moves on. Ends with
 * the starting grade and a way into practice. Students without a grade are sent here by /learn.
 */
export function PlacementPage() {
  useDocumentTitle('Find my level');
  const fromPractice = (useLocation().state as { from?: string } | null)?.from === 'learn';
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });

  const load = useCallback(async () => {
    setScreen({ kind: 'loading' });
    try {
      const view = await placementApi.load();
      setScreen(view.status === 'in_progress' && view.problem ? { kind: 'question', view } : { kind: 'intro', lastGrade: view.grade });
    } catch {
      setScreen({ kind: 'error' });
    }
  }, []);
  useEffect(() => void load(), [load]);

  const start = async () => {
    setScreen({ kind: 'loading' });
    try {
      await placementApi.start();
      await load();
    } catch {
      setScreen({ kind: 'error' });
    }
  };

  return (
    <main id="main" className="page learn-page placement-page" data-screen={screen.kind}>
      <h1 className="learn-title">Find my level</h1>
      {screen.kind === 'loading' ? (
        <div className="card placement-panel">
          <Spinner />
        </div>
      ) : screen.kind === 'error' ? (
        <RetryAlert className="placement-error" onRetry={() => void load()}>
          <span>{LOAD_ERROR}</span>
        </RetryAlert>
      ) : screen.kind === 'intro' ? (
        <Intro lastGrade={screen.lastGrade} fromPractice={fromPractice} onStart={() => void start()} />
      ) : screen.kind === 'question' ? (
        <Question
          key={`${screen.view.placement_id}-${screen.view.question}`}
          view={screen.view}
          onAnswered={(result) => (result.completed && result.grade !== null ? setScreen({ kind: 'result', grade: result.grade }) : void load())}
        />
      ) : (
        <Result grade={screen.grade} />
      )}
    </main>
  );
}

function Intro({ lastGrade, fromPractice, onStart }: { lastGrade: number | null; fromPractice: boolean; onStart: () => void }) {
  return (
    <section className="card placement-panel" aria-labelledby="placement-intro-heading">
      <h2 id="placement-intro-heading">{fromPractice ? "Before your first practice, let's find your level" : 'A short check to find your level'}</h2>
      <p>
        Up to 12 questions, each one picked from your answers so far. If a question is about something you haven't learned yet, say so
        and move on: that helps us just as much.
      </p>
      {lastGrade !== null ? <p className="muted">Your last check started you at Grade {lastGrade}.</p> : null}
      <div className="learn-actions">
        <button type="button" className="button primary" onClick={onStart}>
          Start the check
        </button>
        <ButtonLink to="/dashboard">Back to Dashboard</ButtonLink>
      </div>
    </section>
  );
}

function Question({ view, onAnswered }: { view: PlacementView; onAnswered: (result: { completed: boolean; grade: number | null }) => void }) {
  const problem = view.problem!;
  const number = view.question!;
  const uid = useId();
  const ids = { heading: `${uid}-heading`, question: `${uid}-question`, error: `${uid}-error`, answer: `${uid}-answer` };
  const form = useRef<HTMLFormElement>(null);
  const shownAt = useRef(performance.now());
  const [answer, setAnswer] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [answerError, setAnswerError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState(false);
  const readAloud = useReadAloudEnabled(useAuth((state) => state.user?.gradeLevel));
  const options = problem.problem_type === 'multiple_choice' ? (problem.answer_options ?? []) : [];

  const focusAnswer = () => (form.current?.querySelector<HTMLInputElement>('input:checked') ?? form.current?.querySelector<HTMLInputElement>('input'))?.focus();
  useEffect(() => {
    focusAnswer();
    announce(`Question ${number} of at most ${view.max_questions}`);
  }, [number, view.max_questions]);
  useEffect(() => {
    if (answerError && !submitting) focusAnswer();
  }, [answerError, submitting]);

  const send = async (skip: boolean) => {
    if (submitting) return;
    if (!skip && answer.trim() === '') {
      setAnswerError(ANSWER_REQUIRED);
      return;
    }
    setSubmitting(true);
    setSubmitError(false);
    try {
      const result = await placementApi.answer({
        placementId: view.placement_id!,
        question: number,
        ...(skip ? {} : { answer }),
        responseTimeMs: performance.now() - shownAt.current,
      });
      onAnswered(result);
    } catch (error) {
      setSubmitting(false);
      // An answer that cannot be read is a retry: the text stays to be fixed.
      if (error instanceof ApiError && (error.code === 'UNREADABLE_ANSWER' || error.status === 400)) setAnswerError(error.message);
      // Answered already (a second tab): show the question the check is on now.
      else if (error instanceof ApiError && error.status === 409) onAnswered({ completed: false, grade: null });
      else setSubmitError(true);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target;
    if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type === 'radio') {
      event.preventDefault();
      void send(false);
    }
  };
  const change = (value: string) => {
    setAnswer(value);
    setAnswerError(null);
  };
  const describedBy = [ids.question, answerError ? ids.error : ''].filter(Boolean).join(' ');

  return (
    <article className="card learn-step learn-problem placement-question" aria-labelledby={ids.heading} data-question={number}>
      <header className="learn-problem-header">
        <p className="placement-count" data-testid="placement-progress">
          Question {number} of at most {view.max_questions}
        </p>
        <ProgressBar className="learn-progress" label="Questions answered" value={number - 1} max={view.max_questions} />
        <h2 className="learn-topic" id={ids.heading}>
          <span className="visually-hidden">Question {number}: </span>
          {problem.topic}
        </h2>
      </header>

      <MathText as="p" className="learn-question" id={ids.question} text={problem.question} displayStyle />
      {readAloud ? <ReadAloudButton question={problem.question} options={options} problemKey={problem.id} /> : null}
      {problem.figure ? <ProblemFigure figure={problem.figure} /> : null}

      <form className="learn-answer" noValidate onSubmit={onSubmit} onKeyDown={onKeyDown} ref={form}>
        {options.length > 0 ? (
          <AnswerOptions name={ids.answer} options={options} answer={answer} onChange={change} describedBy={describedBy} disabled={submitting} />
        ) : (
          <MathAnswerInput
            id={ids.answer}
            value={answer}
            onChange={change}
            onSubmit={() => void send(false)}
            disabled={submitting}
            invalid={Boolean(answerError)}
            describedBy={describedBy}
          />
        )}
        {answerError ? (
          <p className="field-error learn-answer-error" id={ids.error}>
            {answerError}
          </p>
        ) : null}
        {submitError ? (
          <div className="alert alert-error learn-submit-error">
            <span>{SUBMIT_ERROR}</span>
          </div>
        ) : null}
        <div className="learn-actions">
          <SubmitAnswerButton submitting={submitting} />
          <button type="button" className="button" onClick={() => void send(true)} disabled={submitting}>
            I haven't learned this yet
          </button>
        </div>
      </form>
    </article>
  );
}

function Result({ grade }: { grade: number }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card placement-panel placement-result" aria-labelledby="placement-result-heading">
      <p className="placement-result-icon" aria-hidden="true">
        🎯
      </p>
      <h2 id="placement-result-heading" tabIndex={-1} ref={heading}>
        You're starting at Grade {grade}
      </h2>
      <p>New problems in your practice sessions will come from Grade {grade}. As you practise, the problems follow how you do.</p>
      <div className="learn-actions">
        <ButtonLink to="/learn" primary>Start practising</ButtonLink>
        <ButtonLink to="/dashboard">Back to Dashboard</ButtonLink>
      </div>
    </section>
  );
}
