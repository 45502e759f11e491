import { useEffect, useRef, useState } from 'react';
import { CheckList } from '../public-site/check-list.tsx';
import { Icon } from '../public-site/icons.tsx';
import { WALKTHROUGH } from './landing-content.ts';
import { ButtonLink } from '../../components/button-link.tsx';

/**
 * 'Watch 2-min Demo': a four-step walkthrough of a daily session in a modal dialog (native
 * <dialog>: focus stays inside, Escape closes), ending with a link to the real demo problems.
 */
export function DemoWalkthrough({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [step, setStep] = useState(0);
  const last = WALKTHROUGH.length - 1;
  const current = WALKTHROUGH[step]!;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setStep(0);
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="walkthrough"
      aria-labelledby="walkthrough-title"
      aria-describedby="walkthrough-step"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its body) closes it.
        if (event.target === dialogRef.current) dialogRef.current?.close();
      }}
    >
      <div className="walkthrough-body">
        <div className="walkthrough-top">
          <div>
            <p className="eyebrow">2-minute walkthrough</p>
            <h2 id="walkthrough-title">A MathDaily session, step by step</h2>
          </div>
          <button type="button" className="walkthrough-close" onClick={() => dialogRef.current?.close()}>
            <Icon name="cross" />
            <span className="visually-hidden">Close walkthrough</span>
          </button>
        </div>

        <div className="walkthrough-progress" aria-hidden="true">
          {WALKTHROUGH.map((entry, index) => (
            <span key={entry.title} className={index <= step ? 'done' : undefined} />
          ))}
        </div>

        <div className="walkthrough-grid">
          <div id="walkthrough-step" className="walkthrough-text" aria-live="polite">
            <p className="walkthrough-count">
              Step {step + 1} of {WALKTHROUGH.length}
            </p>
            <h3>{current.title}</h3>
            <p>{current.text}</p>
            <CheckList items={current.points} />
          </div>
          <WalkthroughScreen step={step} />
        </div>

        <div className="walkthrough-actions">
          <button type="button" className="button" onClick={() => setStep((value) => Math.max(0, value - 1))} disabled={step === 0}>
            Back
          </button>
          {step < last ? (
            <button type="button" className="button primary" onClick={() => setStep((value) => Math.min(last, value + 1))}>
              Next step
            </button>
          ) : (
            <ButtonLink to="/demo/problem-card" primary>Try real demo problems</ButtonLink>
          )}
        </div>
      </div>
    </dialog>
  );
}

/** A drawn phone screen for each step; the text beside it says the same, so it is hidden from screen readers. */
function WalkthroughScreen({ step }: { step: number }) {
  return (
    <div className="walkthrough-screen" aria-hidden="true">
      {step === 0 && (
        <div className="mini-screen">
          <p className="mini-label">Good morning, Maya</p>
          <div className="mini-card accent">
            <strong>Today’s session</strong>
            <span>About 10 minutes · 5 problems</span>
            <span className="mini-button">Start</span>
          </div>
          <div className="mini-row">
            <span className="mini-stat">
              <b>12</b> day streak
            </span>
            <span className="mini-stat">
              <b>3</b> due for review
            </span>
          </div>
        </div>
      )}
      {step === 1 && (
        <div className="mini-screen">
          <p className="mini-label">Quick review · 2 of 4</p>
          <div className="mini-card">
            <strong>What is ¾ of 24?</strong>
            <span className="mini-option">16</span>
            <span className="mini-option chosen">18</span>
            <span className="mini-option">20</span>
          </div>
          <span className="mini-hint">Need a hint?</span>
        </div>
      )}
      {step === 2 && (
        <div className="mini-screen">
          <p className="mini-label">New practice · 1 of 2</p>
          <div className="mini-card">
            <strong>Solve 2x + 3 = 11</strong>
            <span className="mini-answer">x = 4</span>
          </div>
          <div className="mini-card success">
            <strong>Correct!</strong>
            <span>Subtract 3: 2x = 8. Divide by 2: x = 4.</span>
          </div>
        </div>
      )}
      {step === 3 && (
        <div className="mini-screen">
          <p className="mini-label">Session complete</p>
          <div className="mini-row">
            <span className="mini-stat">
              <b>5/5</b> correct
            </span>
            <span className="mini-stat">
              <b>13</b> day streak
            </span>
          </div>
          <div className="mini-card">
            <strong>Mastery by topic</strong>
            <span className="mini-bar">
              <i style={{ width: '88%' }} />
            </span>
            <span className="mini-bar">
              <i style={{ width: '64%' }} />
            </span>
          </div>
        </div>
      )}
    </div>
  );
}
