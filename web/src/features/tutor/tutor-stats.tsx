export interface TutorFigure {
  label: string;
  /** Not known yet while loading (shown as a dash). */
  value: number | string | null | undefined;
  /** Needs the tutor's attention (overdue work). */
  warn?: boolean;
}

/** A tutor page's row of figure cards. */
export function TutorStats({ figures, busy }: { figures: readonly TutorFigure[]; busy?: boolean }) {
  return (
    <ul className="tutor-stats" aria-busy={busy}>
      {figures.map((figure) => (
        <li key={figure.label} className={`card tutor-stat${figure.warn ? ' is-warning' : ''}`}>
          <span className="tutor-stat-label">{figure.label}</span>
          <span className="tutor-stat-value">{figure.value ?? '—'}</span>
        </li>
      ))}
    </ul>
  );
}
