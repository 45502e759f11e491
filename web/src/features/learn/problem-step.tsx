import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { estimatedMinutes } from '@mathdaily/domain/learning/progress';
import { MathAnswerInput } from '../../components/math-answer-input.tsx';
import { MathText } from '../../components/math-text.tsx';
import { ProblemFigure } from '../../components/problem-figure.tsx';
import { ReadAloudButton, useReadAloudEnabled } from '../../components/read-aloud.tsx';
import { useAuth } from '../../auth/auth-store.ts';
import { problemTypeLabel } from '../problem-card/problem-card.tsx';
import { AnswerOptions, SubmitAnswerButton } from './answer-options.tsx';
import type { DueProblem } from './learn-api.ts';
import type { HintState } from './learn-store.ts';

export interface ProblemStepProps {
  problem: DueProblem;
  number: number;
  total: number;
  hint: HintState;
  answerError: string | null;
  submitting: boolean;
  submitError: string | null;
  onToggleHint: () => void;
  onRetryHint: () => void;
  onSubmit: (answer: string) => void;
  onAnswerChange: () => void;
  onEnd: () => void;
}

/**
 * SPEC §2 Learn, problem step: topic, 'Difficulty: n/5', estimated minutes (rounded up), the
 * question, the readable problem type, a collapsible 'Need a hint?' (opening it records the hint),
 * radio options for multiple choice or the maths answer box (Enter submits), 'Submit Answer',
 * 'End Session' and the 'Problem x of y' footer. Render with `key={problem.id}`.
 *
 * Focus goes where the child types: the answer box (or the chosen / first option) when the
 * problem appears, and back there when an answer could not be read (the text stays to be fixed).
 * The box is described by the question, so a screen reader reads it with the box.
 */
export function ProblemStep(props: ProblemStepProps) {
  const { problem, hint, submitting } = props;
  const uid = useId();
  const ids = { heading: `${uid}-heading`, question: `${uid}-question`, hint: `${uid}-hint`, error: `${uid}-error`, answer: `${uid}-answer` };
  const form = useRef<HTMLFormElement>(null);
  const [answer, setAnswer] = useState('');
  const focusAnswer = () => {
    const box = form.current?.querySelector<HTMLInputElement>('input:checked') ?? form.current?.querySelector<HTMLInputElement>('input');
    box?.focus();
  };
  useEffect(focusAnswer, [problem.id]);
  useEffect(() => {
    if (props.answerError && !submitting) focusAnswer();
  }, [props.answerError, submitting]);
  const describedBy = [ids.question, props.answerError ? ids.error : ''].filter(Boolean).join(' ');
  const options = problem.problem_type === 'multiple_choice' ? (problem.answer_options ?? []) : [];
  const readAloud = useReadAloudEnabled(useAuth((state) => state.user?.gradeLevel));
  const isChoice = options.length > 0;
  const minutes = estimatedMinutes(problem.estimated_time_seconds);

  const change = (value: string) => {
    setAnswer(value);
    props.onAnswerChange();
  };
  const submit = () => {
    if (!submitting) props.onSubmit(answer);
  };
  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  // Enter on a radio option submits too (the text box handles its own Enter).
  const onFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target;
    if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type === 'radio') {
      event.preventDefault();
      submit();
    }
  };

  return (
    <article className="card learn-step learn-problem" aria-labelledby={ids.heading} data-step="problem" data-problem-id={problem.id}>
      <header className="learn-problem-header">
        <h2 className="learn-topic" id={ids.heading}>
          <span className="visually-hidden">
            Problem {props.number} of {props.total}:{' '}
          </span>
          {problem.topic}
        </h2>
        <ul className="learn-chips" aria-label="About this problem">
          <li className="learn-chip" data-testid="problem-difficulty">
            Difficulty: {problem.difficulty_level}/5
          </li>
          <li className="learn-chip">
            <span aria-hidden="true">⏱ </span>
            {minutes} {minutes === 1 ? 'minute' : 'minutes'}
          </li>
          <li className="learn-chip learn-chip-type" data-testid="problem-type">
            {problemTypeLabel(problem.problem_type)}
          </li>
          {problem.retry ? (
            <li className="learn-chip learn-chip-retry" data-testid="problem-retry">
              Try again
            </li>
          ) : problem.kind ? (
            <li className={`learn-chip learn-chip-${problem.assigned ? 'assigned' : problem.kind}`} data-testid="problem-kind">
              {problem.assigned ? 'Set by your tutor' : problem.kind === 'review' ? 'Review' : 'New problem'}
            </li>
          ) : null}
        </ul>
      </header>

      <MathText as="p" className="learn-question" id={ids.question} text={problem.question} displayStyle />
      {readAloud ? <ReadAloudButton question={problem.question} options={options} problemKey={`${problem.id}-${props.number}`} /> : null}
      {problem.figure ? <ProblemFigure figure={problem.figure} /> : null}

      {problem.has_hint ? (
        <div className="learn-hint">
          <button
            type="button"
            className="learn-hint-toggle"
            aria-expanded={hint.open}
            aria-controls={ids.hint}
            onClick={props.onToggleHint}
            disabled={submitting}
          >
            <span aria-hidden="true">💡</span>
            <span>Need a hint?</span>
            <span className="learn-hint-chevron" aria-hidden="true">
              {hint.open ? '▴' : '▾'}
            </span>
          </button>
          <div className="learn-hint-panel" id={ids.hint} hidden={!hint.open} data-testid="hint-panel">
            {hint.loading ? <p className="muted">Loading the hint...</p> : null}
            {hint.text ? <MathText as="p" text={hint.text} displayStyle /> : null}
            {hint.error ? (
              <p className="learn-hint-error">
                {hint.error}{' '}
                <button type="button" className="button small" onClick={props.onRetryHint}>
                  Try Again
                </button>
              </p>
            ) : null}
          </div>
        </div>
      ) : null}

      <form className="learn-answer" noValidate onSubmit={onFormSubmit} onKeyDown={onFormKeyDown} ref={form}>
        {isChoice ? (
          <AnswerOptions name={ids.answer} options={options} answer={answer} onChange={change} describedBy={describedBy} disabled={submitting} />
        ) : (
          <MathAnswerInput
            id={ids.answer}
            value={answer}
            onChange={change}
            onSubmit={submit}
            disabled={submitting}
            invalid={Boolean(props.answerError)}
            describedBy={describedBy}
          />
        )}

        {props.answerError ? (
          <p className="field-error learn-answer-error" id={ids.error}>
            {props.answerError}
          </p>
        ) : null}
        {props.submitError ? (
          <div className="alert alert-error learn-submit-error" data-testid="submit-error">
            <span>{props.submitError}</span>
            <button type="button" className="button small" onClick={submit} disabled={submitting}>
              Try Again
            </button>
          </div>
        ) : null}

        <div className="learn-actions">
          <SubmitAnswerButton submitting={submitting} />
          <button type="button" className="button" onClick={props.onEnd}>
            End Session
          </button>
        </div>
      </form>

      <footer className="learn-step-footer" data-testid="problem-position">
        Problem {props.number} of {props.total}
      </footer>
    </article>
  );
}
