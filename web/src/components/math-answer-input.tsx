import { useId, useRef, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { TypedMath } from './math-text.tsx';

/**
 * A typed maths answer: a text box, a row of big buttons that insert maths symbols at the cursor
 * (fraction `/`, power `^`, square root `√()`, π, ±, brackets) and a live preview of the answer
 * as maths. Enter calls `onSubmit`. Controlled: the parent keeps `value`.
 *
 * ```tsx
 * <MathAnswerInput value={answer} onChange={setAnswer} onSubmit={submit} />
 * ```
 */
export interface MathAnswerInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called when Enter is pressed in the box. */
  onSubmit?: () => void;
  /** Visible label (default 'Your answer'). */
  label?: string;
  /** Id of the text box (generated when absent). */
  id?: string;
  disabled?: boolean;
  /** Marks the box invalid (aria-invalid) and links it to `describedBy`. */
  invalid?: boolean;
  /** Ids of elements that describe the box (hints, error messages). */
  describedBy?: string;
  placeholder?: string;
  /**
   * Keyboard shown on phones. Default 'text': answers may need letters (x), minus signs and
   * slashes, which numeric keypads lack on some phones.
   */
  inputMode?: 'text' | 'decimal' | 'numeric';
  autoFocus?: boolean;
}

interface Insert {
  label: string;
  /** What the button says to a screen reader. */
  name: string;
  /** Inserted before and after the selection (the cursor lands between them). */
  before: string;
  after?: string;
}

const INSERTS: readonly Insert[] = [
  { label: 'a/b', name: 'Insert fraction bar', before: '/' },
  { label: 'xⁿ', name: 'Insert power', before: '^' },
  { label: '√', name: 'Insert square root', before: '√(', after: ')' },
  { label: 'π', name: 'Insert pi', before: 'π' },
  { label: '±', name: 'Insert plus or minus sign', before: '±' },
  { label: '(', name: 'Insert opening bracket', before: '(' },
  { label: ')', name: 'Insert closing bracket', before: ')' },
];

export function MathAnswerInput(props: MathAnswerInputProps) {
  const { value, onChange, onSubmit, disabled = false, invalid = false } = props;
  const generatedId = useId();
  const id = props.id ?? `answer-${generatedId}`;
  const helpId = `${id}-help`;
  const previewId = `${id}-preview`;
  const input = useRef<HTMLInputElement>(null);

  const insert = (item: Insert) => {
    const box = input.current;
    if (!box || disabled) return;
    const start = box.selectionStart ?? value.length;
    const end = box.selectionEnd ?? value.length;
    const selected = value.slice(start, end);
    const after = item.after ?? '';
    const next = value.slice(0, start) + item.before + selected + after + value.slice(end);
    // Rendered now, not on the next frame: a key typed right after the click must land at the caret.
    flushSync(() => onChange(next));
    const caret = start + item.before.length + selected.length + (selected ? after.length : 0);
    box.focus();
    box.setSelectionRange(caret, caret);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSubmit?.();
    }
  };

  const describedBy = [helpId, props.describedBy].filter(Boolean).join(' ');
  // Once locked, the answer is shown elsewhere (e.g. the card's result); no keys, no preview.
  const showPreview = value.trim() !== '' && !disabled;

  return (
    <div className="math-answer">
      <label htmlFor={id}>{props.label ?? 'Your answer'}</label>
      <input
        ref={input}
        id={id}
        type="text"
        className="math-answer-box"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={disabled}
        aria-invalid={invalid ? 'true' : undefined}
        aria-describedby={describedBy}
        placeholder={props.placeholder}
        inputMode={props.inputMode ?? 'text'}
        enterKeyHint="done"
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        autoFocus={props.autoFocus}
      />
      <p className="visually-hidden" id={helpId}>
        Type fractions as 3/4, powers as x^2 and square roots as √(2).{props.onSubmit ? ' Press Enter to submit.' : ''}
      </p>
      {disabled ? null : (
        <div className="math-answer-keys" role="group" aria-label="Maths symbols">
          {INSERTS.map((item) => (
            <button
              key={item.name}
              type="button"
              className="math-key"
              // The visible symbol starts the name (WCAG 2.5.3 label in name), then what it does.
              aria-label={`${item.label}: ${item.name}`}
              title={item.name}
              // Keep the focus (and the phone keyboard) in the text box.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => insert(item)}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
      <div className="math-answer-preview" id={previewId} hidden={!showPreview}>
        <span className="math-answer-preview-label">Preview:</span> {showPreview ? <TypedMath value={value} /> : null}
      </div>
    </div>
  );
}
