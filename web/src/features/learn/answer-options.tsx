import { TypedMath } from '../../components/math-text.tsx';

/** The options of a multiple-choice question as lettered radios (practice and the placement check). */
export function AnswerOptions(props: {
  name: string;
  options: readonly string[];
  answer: string;
  onChange: (option: string) => void;
  describedBy: string | undefined;
  disabled: boolean;
}) {
  return (
    <fieldset className="learn-options" aria-describedby={props.describedBy} disabled={props.disabled}>
      <legend>Choose your answer</legend>
      {props.options.map((option, index) => (
        <label key={option} className="learn-option">
          <input type="radio" name={props.name} value={option} checked={props.answer === option} onChange={() => props.onChange(option)} />
          <span className="learn-option-letter" aria-hidden="true">
            {String.fromCharCode(65 + index)}
          </span>
          {/* The option's text names the radio; the rendered maths is for the eye. */}
          <span className="visually-hidden">{option}</span>
          <span aria-hidden="true" className="learn-option-text">
            <TypedMath value={option} />
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The answer form's submit button (practice and the placement check); it says so while the answer is sent. */
export function SubmitAnswerButton({ submitting }: { submitting: boolean }) {
  return (
    <button type="submit" className="button primary" disabled={submitting} aria-disabled={submitting}>
      {submitting ? 'Submitting...' : 'Submit Answer'}
    </button>
  );
}
