import { useEffect } from 'react';
import { announce } from '../../components/announcer.tsx';
import { DIFFICULTY_RATINGS, RATING_STEP_LABELS, type DifficultyRating } from '@mathdaily/domain/learning/rating-availability';
import { ratingChoices, type Feedback } from './learn-store.ts';
import { useStepFocus } from './use-step-focus.ts';

export interface RatingStepProps {
  feedback: Feedback;
  selected: DifficultyRating | null;
  committed: boolean;
  onSelect: (rating: number) => void;
  onEnd: () => void;
}

/**
 * SPEC §2 Learn, rating step: 'How difficult was this problem?' with Too Easy … Too Hard. Only
 * the ratings the answer allows are enabled, with the SPEC §5 note; keys 1-5 pick directly. The
 * store commits the choice 500 ms later and loads the next problem a second after that.
 */
export function RatingStep({ feedback, selected, committed, onSelect, onEnd }: RatingStepProps) {
  const heading = useStepFocus<HTMLHeadingElement>(feedback.attempt_id);
  const { allowed, note } = ratingChoices(feedback);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      if (!/^[1-5]$/.test(event.key)) return;
      const target = event.target;
      if (target instanceof HTMLElement && (target.isContentEditable || target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type === 'text'))) return;
      event.preventDefault();
      const value = Number(event.key);
      if (!committed && !allowed.some((rating) => rating === value) && note) announce(note, 'assertive');
      onSelect(value);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onSelect, allowed, note, committed]);

  return (
    <article className="card learn-step learn-rating" data-step="rating" aria-labelledby="learn-rating-heading">
      <form onSubmit={(event) => event.preventDefault()}>
        <fieldset className="learn-rating-group" aria-describedby={note ? 'learn-rating-note learn-rating-keys' : 'learn-rating-keys'}>
          <legend>
            <h2 id="learn-rating-heading" tabIndex={-1} ref={heading}>
              How difficult was this problem?
            </h2>
          </legend>
          {note ? (
            <p className="learn-rating-note" id="learn-rating-note" data-testid="rating-note">
              {/* 'ratings 1-3' never breaks at its hyphen on a phone. */}
              {note.split(/(\d-\d)/).map((part, index) =>
                index % 2 === 1 ? (
                  <span key={index} className="learn-nowrap">
                    {part}
                  </span>
                ) : (
                  part
                ),
              )}
            </p>
          ) : null}
          <p className="learn-rating-keys muted small" id="learn-rating-keys">
            Choose one, or press a number key from 1&nbsp;to&nbsp;5.
          </p>
          <div className="learn-rating-options">
            {DIFFICULTY_RATINGS.map((value) => {
              const enabled = allowed.includes(value);
              return (
                <label key={value} className={`learn-rating-option${enabled ? '' : ' is-unavailable'}`}>
                  <input
                    type="radio"
                    name="difficulty-rating"
                    value={value}
                    checked={selected === value}
                    disabled={!enabled || committed}
                    onChange={() => onSelect(value)}
                  />
                  <span className="learn-rating-number" aria-hidden="true">
                    {value}
                  </span>
                  <span className="learn-rating-label">{RATING_STEP_LABELS[value]}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      </form>
      <p className="learn-rating-status" role="status" data-testid="rating-status">
        {committed ? 'Rating saved. Loading the next problem...' : selected !== null ? `Selected: ${RATING_STEP_LABELS[selected]}` : ''}
      </p>
      <div className="learn-actions">
        <button type="button" className="button" onClick={onEnd}>
          End Session
        </button>
      </div>
    </article>
  );
}
