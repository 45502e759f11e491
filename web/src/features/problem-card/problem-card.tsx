import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { announce } from '../../components/announcer.tsx';
import { Detail } from '../../components/detail.tsx';
import { MathAnswerInput } from '../../components/math-answer-input.tsx';
import { MathText, TypedMath } from '../../components/math-text.tsx';
import { ProblemFigure, type FigureData } from '../../components/problem-figure.tsx';
import './problem-card.css';

/**
 * The reusable problem card (SPEC §2 "Problem card widget", §4 "Problem card"): question,
 * problem-type badge, answer box (radio options for multiple choice, otherwise the maths answer
 * input), Show/Hide Hint (also Alt+H), a required 1-5 difficulty rating, Submit Answer and an
 * optional Skip. After submission it shows Correct or Incorrect, the correct answer, the
 * explanation and 'Problem completed', with the inputs locked.
 *
 * The parent checks the answer: `onSubmit` returns (or resolves to) the result; a rejection shows
 * 'Error submitting answer. Please try again.' and lets the student try again. To show a fresh
 * card for the same problem, change its `key`.
 *
 * ```tsx
 * <ProblemCard
 *   problem={{ id, topic, question, problemType, answerOptions, difficultyLevel }}
 *   onSubmit={async ({ answer, difficultyRating, hintUsed }) => ({ isCorrect, correctAnswer, explanation })}
 *   onSkip={() => next()}
 * />
 * ```
 */
export interface ProblemCardProps {
  problem: CardProblem;
  /** Checks (and records) the answer; the card shows what it returns. */
  onSubmit: (submission: ProblemCardSubmission) => Promise<ProblemCardResult> | ProblemCardResult;
  /** When given, a Skip button is shown; skipping locks the card. */
  onSkip?: () => void;
  /** Told when the hint is opened or closed (opening it counts as using it). */
  onHintToggle?: (open: boolean) => void;
  /** Small title above the question, e.g. 'Problem 2 of 4' (default 'Problem'). */
  title?: string;
  /** Level of the title heading (default 2). */
  headingLevel?: 2 | 3;
  /** Alt+H toggles the hint from anywhere on the page (default true; turn off when several cards are shown). */
  hintShortcut?: boolean;
}

/** A problem as the card needs it (the SPEC's demo naming). */
interface CardProblem {
  id: string;
  topic: string;
  question: string;
  /** 'multiple_choice' or a kind of typed answer ('numeric', 'algebra', 'geometry', …). */
  problemType: string;
  /** The choices of a multiple-choice problem. */
  answerOptions?: readonly string[] | null;
  hint?: string | null;
  difficultyLevel: number;
  estimatedTimeSeconds?: number | null;
  /** The problem's drawing (with its text alternative), when it has one. */
  figure?: FigureData | null;
}

interface ProblemCardSubmission {
  answer: string;
  difficultyRating: DifficultyRating;
  hintUsed: boolean;
  /** Milliseconds from showing the card to submitting. */
  responseTimeMs: number;
}

export interface ProblemCardResult {
  isCorrect: boolean;
  correctAnswer: string;
  explanation: string;
  /** Extra words about the answer (e.g. 'Write the fraction in its simplest form'). */
  feedback?: string;
}

export type DifficultyRating = 1 | 2 | 3 | 4 | 5;
export type ProblemCardState = 'unanswered' | 'submitting' | 'submitted' | 'skipped';

/** SPEC §9: the card's difficulty labels. */
const CARD_DIFFICULTY_LABELS: Record<DifficultyRating, string> = {
  1: 'Very Easy',
  2: 'Easy',
  3: 'Medium',
  4: 'Hard',
  5: 'Very Hard',
};
const RATINGS: readonly DifficultyRating[] = [1, 2, 3, 4, 5];

const ANSWER_REQUIRED = 'Please enter an answer';
const RATING_REQUIRED = 'Please rate the difficulty of this problem';
const SUBMIT_ERROR = 'Error submitting answer. Please try again.';

const TYPE_LABELS: Record<string, string> = {
  multiple_choice: 'Multiple choice',
  numeric: 'Numeric',
  algebra: 'Algebra',
  geometry: 'Geometry',
  calculus: 'Calculus',
  statistics: 'Statistics',
  probability: 'Probability',
  text: 'Written answer',
};

/** 'multiple_choice' → 'Multiple choice'. */
export function problemTypeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

export function ProblemCard(props: ProblemCardProps) {
  const { problem, onSubmit, onSkip, onHintToggle, hintShortcut = true } = props;
  const uid = useId();
  const ids = {
    title: `${uid}-title`,
    question: `${uid}-question`,
    hint: `${uid}-hint`,
    missing: `${uid}-missing`,
    result: `${uid}-result`,
  };
  const [state, setState] = useState<ProblemCardState>('unanswered');
  const [answer, setAnswer] = useState('');
  const [rating, setRating] = useState<DifficultyRating | null>(null);
  const [hintOpen, setHintOpen] = useState(false);
  const [hintUsed, setHintUsed] = useState(false);
  const [showMissing, setShowMissing] = useState(false);
  const [failed, setFailed] = useState(false);
  const [result, setResult] = useState<ProblemCardResult | null>(null);
  const shownAt = useRef(performance.now());
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const skippedHeading = useRef<HTMLParagraphElement>(null);

  const isChoice = problem.problemType === 'multiple_choice' && (problem.answerOptions?.length ?? 0) > 0;
  const locked = state !== 'unanswered';
  const hasAnswer = answer.trim() !== '';
  const missing = [!hasAnswer ? ANSWER_REQUIRED : null, rating === null ? RATING_REQUIRED : null].filter((m): m is string => m !== null);
  const canSubmit = state === 'unanswered' && missing.length === 0;
  const hasHint = Boolean(problem.hint);

  const toggleHint = () => {
    if (!hasHint) return;
    const next = !hintOpen;
    setHintOpen(next);
    if (next) setHintUsed(true);
    onHintToggle?.(next);
  };

  // Alt+H: Show/Hide Hint.
  const toggleRef = useRef(toggleHint);
  toggleRef.current = toggleHint;
  useEffect(() => {
    if (!hintShortcut) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.altKey && !event.ctrlKey && !event.metaKey && (event.code === 'KeyH' || event.key.toLowerCase() === 'h')) {
        event.preventDefault();
        toggleRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [hintShortcut]);

  useEffect(() => {
    if (state === 'submitted') resultHeading.current?.focus();
    if (state === 'skipped') skippedHeading.current?.focus();
  }, [state]);

  const submit = async () => {
    if (state !== 'unanswered') return;
    if (!canSubmit || rating === null) {
      setShowMissing(true);
      announce(missing.join('. '), 'assertive');
      return;
    }
    setState('submitting');
    setFailed(false);
    try {
      const outcome = await onSubmit({
        answer: answer.trim(),
        difficultyRating: rating,
        hintUsed,
        responseTimeMs: Math.round(performance.now() - shownAt.current),
      });
      setResult(outcome);
      setState('submitted');
    } catch {
      setFailed(true);
      setState('unanswered');
      announce(SUBMIT_ERROR, 'assertive');
    }
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  // Enter submits from the radio options too (the text box handles its own Enter).
  const onFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    if (target instanceof HTMLInputElement && target.type === 'radio') {
      event.preventDefault();
      void submit();
    }
  };

  const skip = () => {
    if (state !== 'unanswered' || !onSkip) return;
    setState('skipped');
    onSkip();
  };

  const Heading = props.headingLevel === 3 ? 'h3' : 'h2';
  const ResultHeading = props.headingLevel === 3 ? 'h4' : 'h3';
  const minutes = problem.estimatedTimeSeconds ? Math.max(1, Math.ceil(problem.estimatedTimeSeconds / 60)) : null;

  return (
    <article className="card problem-card" aria-labelledby={ids.title} data-state={state}>
      <header className="problem-card-header">
        <Heading className="problem-card-title" id={ids.title}>
          {props.title ?? 'Problem'}
        </Heading>
        <ul className="problem-card-meta" aria-label="About this problem">
          <li className="meta-chip problem-type-badge">{problemTypeLabel(problem.problemType)}</li>
          <li className="meta-chip">{problem.topic}</li>
          <li className="meta-chip">Difficulty: {problem.difficultyLevel}/5</li>
          {minutes !== null ? <li className="meta-chip">About {minutes} min</li> : null}
        </ul>
      </header>

      <MathText as="p" className="problem-card-question" id={ids.question} text={problem.question} displayStyle />
      {problem.figure ? <ProblemFigure figure={problem.figure} /> : null}

      <form className="problem-card-form" noValidate onSubmit={onFormSubmit} onKeyDown={onFormKeyDown}>
        {isChoice ? (
          <fieldset className="problem-card-options" disabled={locked}>
            <legend>Choose your answer</legend>
            {problem.answerOptions!.map((option, index) => (
              <label key={option} className="choice-option">
                <input
                  type="radio"
                  name={`${uid}-answer`}
                  value={option}
                  checked={answer === option}
                  onChange={() => setAnswer(option)}
                />
                <span className="choice-letter" aria-hidden="true">
                  {String.fromCharCode(65 + index)}
                </span>
                {/* The option's text names the radio; the rendered maths is for the eye. */}
                <span className="visually-hidden">{option}</span>
                <span aria-hidden="true">
                  <TypedMath className="choice-text" value={option} />
                </span>
              </label>
            ))}
          </fieldset>
        ) : (
          <MathAnswerInput
            value={answer}
            onChange={setAnswer}
            onSubmit={() => void submit()}
            disabled={locked}
            invalid={showMissing && !hasAnswer}
            describedBy={showMissing && !hasAnswer ? ids.missing : undefined}
          />
        )}

        {hasHint ? (
          <div className="problem-card-hint">
            <button
              type="button"
              className="button small hint-toggle"
              aria-expanded={hintOpen}
              aria-controls={ids.hint}
              aria-keyshortcuts="Alt+H"
              onClick={toggleHint}
            >
              <span aria-hidden="true">💡</span> {hintOpen ? 'Hide Hint' : 'Show Hint'}
              <kbd className="shortcut" aria-hidden="true">
                Alt+H
              </kbd>
            </button>
            <div className="hint-panel" id={ids.hint} hidden={!hintOpen}>
              <MathText text={problem.hint!} displayStyle />
            </div>
          </div>
        ) : null}

        <fieldset className="difficulty-rating" disabled={locked} aria-describedby={showMissing && rating === null ? ids.missing : undefined}>
          <legend>
            Rate the difficulty <span className="required-note">(required)</span>
          </legend>
          <div className="rating-options">
            {RATINGS.map((value) => (
              <label key={value} className="rating-option">
                <input type="radio" name={`${uid}-rating`} value={value} checked={rating === value} onChange={() => setRating(value)} />
                <span className="rating-number" aria-hidden="true">
                  {value}
                </span>
                <span className="rating-label">
                  <span className="visually-hidden">{value} </span>
                  {CARD_DIFFICULTY_LABELS[value]}
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {failed ? (
          <div className="alert alert-error" data-testid="submit-error">
            {SUBMIT_ERROR}
          </div>
        ) : null}

        {state === 'unanswered' && missing.length > 0 ? (
          <ul className={showMissing ? 'problem-card-missing is-error' : 'problem-card-missing'} id={ids.missing}>
            {missing.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}

        {state === 'unanswered' || state === 'submitting' ? (
          <div className="problem-card-actions">
            <button
              type="submit"
              className="button primary"
              disabled={!canSubmit}
              aria-describedby={!canSubmit && missing.length > 0 ? ids.missing : undefined}
            >
              {state === 'submitting' ? 'Submitting...' : 'Submit Answer'}
            </button>
            {onSkip ? (
              <button type="button" className="button" onClick={skip} disabled={state !== 'unanswered'}>
                Skip
              </button>
            ) : null}
          </div>
        ) : null}
      </form>

      <div className="problem-card-result-region" aria-live="polite" id={ids.result}>
        {state === 'submitted' && result ? (
          <section className={result.isCorrect ? 'problem-card-result is-correct' : 'problem-card-result is-incorrect'} aria-label="Result">
            <ResultHeading className="result-verdict" tabIndex={-1} ref={resultHeading}>
              <span aria-hidden="true">{result.isCorrect ? '✅ ' : '❌ '}</span>
              {result.isCorrect ? 'Correct' : 'Incorrect'}
            </ResultHeading>
            {result.feedback ? <p className="result-feedback">{result.feedback}</p> : null}
            <dl className="result-answers">
              <Detail term="Your answer">
                <TypedMath value={answer} />
              </Detail>
              <Detail term="Correct answer">
                <TypedMath value={result.correctAnswer} />
              </Detail>
            </dl>
            <div className="result-explanation">
              <p className="result-explanation-title">Explanation</p>
              <MathText as="div" text={result.explanation} displayStyle />
            </div>
            <p className="problem-completed">
              <span aria-hidden="true">✔ </span>Problem completed
            </p>
          </section>
        ) : null}
        {state === 'skipped' ? (
          <p className="problem-card-skipped" tabIndex={-1} ref={skippedHeading}>
            Problem skipped
          </p>
        ) : null}
      </div>
    </article>
  );
}
