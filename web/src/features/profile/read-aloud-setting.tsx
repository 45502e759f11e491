import { useId } from 'react';
import { setReadAloudPreference, useReadAloudEnabled } from '../../components/read-aloud.tsx';

/** Profile: show the 'Read aloud' button on problems (on by default for grades 1-4; kept in this browser). */
export function ReadAloudSetting({ gradeLevel }: { gradeLevel: number | null }) {
  const enabled = useReadAloudEnabled(gradeLevel);
  const id = useId();
  return (
    <section className="card profile-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Reading</h2>
      <label className="checkbox-row">
        <input type="checkbox" checked={enabled} onChange={(event) => setReadAloudPreference(event.target.checked)} data-testid="read-aloud-setting" />
        <span>Show a &lsquo;Read aloud&rsquo; button on problems (press Alt+R to hear a problem)</span>
      </label>
      <p className="muted small">Reads the question and the answer choices out loud, maths included. Saved on this device.</p>
    </section>
  );
}
