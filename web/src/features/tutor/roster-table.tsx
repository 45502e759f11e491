import { useState } from 'react';
import type { BulkOutcome } from './roster-bulk-bar.tsx';
import { STATUS_LABELS, type RelationshipStatus } from './tutor-api.ts';

/**
 * The students ticked in a roster and what the last bulk action did: a finished action clears the
 * ticks and reloads the roster.
 */
export function useRosterSelection(reload: () => void) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const clear = () => setSelected(new Set());
  const finish = (done: BulkOutcome) => {
    setOutcome(done);
    clear();
    reload();
  };
  return { selected, setSelected, toggle, clear, outcome, finish };
}

/** The header cell that ticks or unticks every listed student. */
export function SelectAllHeading({ label, checked, onChange }: { label: string; checked: boolean; onChange(): void }) {
  return (
    <th scope="col" className="select-cell">
      <input type="checkbox" aria-label={label} checked={checked} onChange={onChange} />
    </th>
  );
}

/** A student row's tick box. */
export function SelectCell({ name, checked, onChange }: { name: string; checked: boolean; onChange(): void }) {
  return (
    <td className="select-cell">
      <input type="checkbox" aria-label={`Select ${name}`} checked={checked} onChange={onChange} />
    </td>
  );
}

/** A student's name with their email under it. */
export function StudentCell({ name, email }: { name: string; email: string }) {
  return (
    <td data-label="Student">
      <span className="tutor-student-name">{name}</span>
      <span className="muted small tutor-student-email">{email}</span>
    </td>
  );
}

/** The badge of a student's link with their tutor (active, pending, inactive). */
export function StatusBadge({ status }: { status: RelationshipStatus }) {
  return <span className={`badge status-${status}`}>{STATUS_LABELS[status]}</span>;
}
