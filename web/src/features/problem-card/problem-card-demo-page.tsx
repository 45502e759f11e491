import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { announce } from '../../components/announcer.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { ProblemCard, type ProblemCardResult } from './problem-card.tsx';
import type { DemoProblem } from './demo-problems.ts';
import './problem-card-demo-page.css';

type Outcome = 'correct' | 'incorrect' | 'skipped';

const OUTCOME_TEXT: Record<Outcome, string> = { correct: 'Correct', incorrect: 'Incorrect', skipped: 'Skipped' };
const OUTCOME_ICON: Record<Outcome, string> = { correct: '✅', incorrect: '❌', skipped: '⏭' };

/** Loads the sample problems and the answer checker (with mathjs) only when the demo is opened. */
type DemoModule = typeof import('./demo-problems.ts');

/**
 * /demo/problem-card (open to everyone): four sample problems from the real generators, checked
 * in the browser; a skipped problem counts as done; Reset Demo; a results summary.
 */
export function ProblemCardDemoPage() {
  useDocumentTitle('Problem card demo');
  const [demo, setDemo] = useState<{ module: DemoModule; problems: DemoProblem[] } | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const [active, setActive] = useState(0);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let cancelled = false;
    import('./demo-problems.ts')
      .then((module) => {
        if (!cancelled) setDemo({ module, problems: module.demoProblems() });
      })
      .catch(() => {
        if (!cancelled) setLoadError(true);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const problems = demo?.problems ?? [];
  const done = problems.filter((p) => outcomes[p.id] !== undefined).length;
  const correct = problems.filter((p) => outcomes[p.id] === 'correct').length;
  const incorrect = problems.filter((p) => outcomes[p.id] === 'incorrect').length;
  const skipped = problems.filter((p) => outcomes[p.id] === 'skipped').length;
  const allDone = problems.length > 0 && done === problems.length;

  const record = (problem: DemoProblem, outcome: Outcome) => setOutcomes((current) => ({ ...current, [problem.id]: outcome }));

  const submit = async (problem: DemoProblem, answer: string): Promise<ProblemCardResult> => {
    // A short pause so the card's 'Submitting...' state can be seen, as with a real request.
    await new Promise((resolve) => setTimeout(resolve, 250));
    const check = demo!.module.checkDemoAnswer(problem, answer);
    record(problem, check.isCorrect ? 'correct' : 'incorrect');
    return {
      isCorrect: check.isCorrect,
      correctAnswer: problem.correctAnswer,
      explanation: problem.explanation,
      ...(check.feedback ? { feedback: check.feedback } : {}),
    };
  };

  const reset = () => {
    setOutcomes({});
    setActive(0);
    setRound((r) => r + 1);
    announce('Demo reset. All four problems are ready again.');
  };

  const showResults = () => {
    const heading = document.getElementById('demo-results-heading');
    heading?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    heading?.focus({ preventScroll: true });
  };

  const nextOpen = problems.findIndex((p, index) => index > active && outcomes[p.id] === undefined);
  const firstOpen = problems.findIndex((p) => outcomes[p.id] === undefined);
  const following = nextOpen >= 0 ? nextOpen : firstOpen;

  return (
    <div className="demo-shell">
      <header className="demo-header">
        <div className="demo-header-inner">
          <Link to="/" className="brand">
            <span className="brand-mark" aria-hidden="true">
              ∑
            </span>
            MathDaily
          </Link>
        </div>
      </header>
      <main className="page demo-page" id="main">
        <div className="demo-intro">
          <h1>Problem card demo</h1>
          <p className="muted">
            Try the problem card with four sample problems. Answer, rate how difficult each one felt, then submit — answers are
            checked right here in your browser. Nothing is saved.
          </p>
        </div>

        {loadError ? (
          <div className="alert alert-error" role="alert">
            The sample problems could not be loaded. Please reload the page.
          </div>
        ) : !demo ? (
          <div className="spinner-wrap" role="status">
            <span className="spinner" aria-hidden="true" /> Loading sample problems...
          </div>
        ) : (
          <div className="demo-layout">
            <div className="demo-main">
              <nav aria-label="Sample problems" className="demo-steps">
                <ol>
                  {problems.map((problem, index) => {
                    const outcome = outcomes[problem.id];
                    return (
                      <li key={problem.id}>
                        <button
                          type="button"
                          className={`demo-step${index === active ? ' is-active' : ''}${outcome ? ` is-${outcome}` : ''}`}
                          aria-current={index === active ? 'step' : undefined}
                          onClick={() => setActive(index)}
                        >
                          <span className="demo-step-number" aria-hidden="true">
                            {outcome ? OUTCOME_ICON[outcome] : index + 1}
                          </span>
                          <span className="demo-step-text">
                            <span className="demo-step-name">Problem {index + 1}</span>
                            <span className="demo-step-status">{outcome ? OUTCOME_TEXT[outcome] : 'To do'}</span>
                          </span>
                        </button>
                      </li>
                    );
                  })}
                </ol>
              </nav>

              {problems.map((problem, index) => (
                <div key={`${round}-${problem.id}`} hidden={index !== active} className="demo-card-slot">
                  <ProblemCard
                    problem={problem}
                    title={`Problem ${index + 1} of ${problems.length}`}
                    hintShortcut={index === active}
                    onSubmit={({ answer }) => submit(problem, answer)}
                    onSkip={() => record(problem, 'skipped')}
                  />
                  {outcomes[problem.id] !== undefined ? (
                    <div className="demo-next">
                      {allDone ? (
                        <button type="button" className="button primary" onClick={showResults}>
                          See your results
                        </button>
                      ) : following >= 0 ? (
                        <button type="button" className="button primary" onClick={() => setActive(following)}>
                          Next problem <span aria-hidden="true">→</span>
                        </button>
                      ) : null}
                    </div>
                  ) : null}
                </div>
              ))}
            </div>

            <aside className="card demo-results" aria-labelledby="demo-results-heading" id="demo-results">
              <h2 id="demo-results-heading" tabIndex={-1}>
                Results
              </h2>
              <p className="demo-results-summary" aria-live="polite" aria-atomic="true" data-testid="results-summary">
                {allDone
                  ? `Demo complete: ${correct} of ${problems.length} correct.`
                  : `${done} of ${problems.length} problems done.`}
              </p>
              <dl className="demo-tally">
                <div className="tally-correct">
                  <dt>Correct</dt>
                  <dd>{correct}</dd>
                </div>
                <div className="tally-incorrect">
                  <dt>Incorrect</dt>
                  <dd>{incorrect}</dd>
                </div>
                <div className="tally-skipped">
                  <dt>Skipped</dt>
                  <dd>{skipped}</dd>
                </div>
              </dl>
              <div className="demo-progress" aria-hidden="true">
                <span style={{ width: `${problems.length ? (done / problems.length) * 100 : 0}%` }} />
              </div>
              <ol className="demo-result-list">
                {problems.map((problem, index) => {
                  const outcome = outcomes[problem.id];
                  return (
                    <li key={problem.id}>
                      <span className="demo-result-topic">
                        {index + 1}. {problem.topic}
                      </span>
                      <span className={`demo-result-outcome${outcome ? ` is-${outcome}` : ''}`}>{outcome ? OUTCOME_TEXT[outcome] : 'Not done yet'}</span>
                    </li>
                  );
                })}
              </ol>
              {allDone ? (
                <p className="demo-score">
                  Score: <strong>{Math.round((correct / problems.length) * 100)}%</strong>
                </p>
              ) : null}
              <button type="button" className="button demo-reset" onClick={reset}>
                <span aria-hidden="true">↺</span> Reset Demo
              </button>
            </aside>
          </div>
        )}
      </main>
    </div>
  );
}
