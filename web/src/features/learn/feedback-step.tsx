import { Detail } from '../../components/detail.tsx';
import { MathText, TypedMath } from '../../components/math-text.tsx';
import type { Feedback } from './learn-store.ts';
import { useStepFocus } from './use-step-focus.ts';

/**
 * SPEC §2 Learn, feedback step: 'Correct!' or 'Not Quite Right', the answers, the explanation
 * headed 'Why this is correct:' or "Here's the correct approach:", and 'Continue to Rate Difficulty'.
 * The verdict is announced by the store; the focus goes to Continue, the next thing to press.
 */
export function FeedbackStep({ feedback, onContinue, onEnd }: { feedback: Feedback; onContinue: () => void; onEnd: () => void }) {
  const next = useStepFocus<HTMLButtonElement>(feedback.attempt_id);
  const correct = feedback.is_correct;
  return (
    <article
      className={`card learn-step learn-feedback ${correct ? 'is-correct' : 'is-incorrect'}`}
      aria-labelledby="learn-feedback-heading"
      data-step="feedback"
    >
      <div className="learn-verdict">
        <span className="learn-verdict-icon" aria-hidden="true">
          {correct ? '🎉' : '🤔'}
        </span>
        <h2 id="learn-feedback-heading">
          {correct ? 'Correct!' : 'Not Quite Right'}
        </h2>
      </div>
      {feedback.message ? <p className="learn-feedback-message">{feedback.message}</p> : null}
      <dl className="learn-answers">
        <Detail term="Your answer" testId="your-answer">
          <TypedMath value={feedback.userAnswer} />
        </Detail>
        {correct ? null : (
          <Detail term="Correct answer" testId="correct-answer">
            <TypedMath value={feedback.correct_answer} />
          </Detail>
        )}
      </dl>
      <section className="learn-explanation" aria-labelledby="learn-explanation-heading">
        <h3 id="learn-explanation-heading">{correct ? 'Why this is correct:' : "Here's the correct approach:"}</h3>
        <MathText as="div" text={feedback.explanation} displayStyle />
      </section>
      <div className="learn-actions">
        <button type="button" className="button primary" onClick={onContinue} ref={next}>
          Continue to Rate Difficulty
        </button>
        <button type="button" className="button" onClick={onEnd}>
          End Session
        </button>
      </div>
    </article>
  );
}
