import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { announce } from '../../components/announcer.tsx';
import { classesApi, type BulkAction, type ClassSummary } from './classes-api.ts';
import './classroom.css';

export interface BulkOutcome {
  kind: 'success' | 'error';
  lines: string[];
}

const BULK_DONE: Record<BulkAction, string> = { activate: 'activated', deactivate: 'deactivated', move: 'moved', remove: 'removed from the class' };

/**
 * What to do with the chosen students, in one request (one command per student): activate,
 * deactivate, move to a class (out of the class the list is filtered to, if any) or remove from
 * that class. Says how many it did and, by name, who it could not do and why.
 */
export function BulkBar({
  chosen,
  classes,
  classId,
  names,
  onDone,
  onClear,
}: {
  chosen: string[];
  classes: ClassSummary[];
  classId: string;
  names: Map<string, string>;
  onDone(outcome: BulkOutcome): void;
  onClear(): void;
}) {
  const [target, setTarget] = useState('');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fromName = classes.find((item) => item.id === classId)?.name;
  const run = async (action: BulkAction) => {
    if (action === 'move' && !target) {
      setError('Please choose the class to move them to.');
      return;
    }
    setWorking(true);
    setError(null);
    try {
      const result = await classesApi.bulk(action, chosen, {
        ...(action === 'move' ? { class_id: target } : {}),
        ...(classId && (action === 'move' || action === 'remove') ? { from_class_id: classId } : {}),
      });
      const lines = [`${result.succeeded} ${result.succeeded === 1 ? 'student' : 'students'} ${BULK_DONE[action]}.`];
      for (const failed of result.results) if (!failed.ok) lines.push(`${names.get(failed.student_id) ?? 'A student'}: ${failed.message}`);
      announce(lines.join(' '));
      onDone({ kind: result.failed > 0 ? 'error' : 'success', lines });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setWorking(false);
    }
  };
  const moveTargets = classes.filter((item) => item.id !== classId);
  return (
    <div className="bulk-bar" role="region" aria-label="Selected students">
      <strong>{chosen.length} selected</strong>
      <button type="button" className="button small" disabled={working} onClick={() => void run('activate')}>
        Activate
      </button>
      <button type="button" className="button small" disabled={working} onClick={() => void run('deactivate')}>
        Deactivate
      </button>
      {moveTargets.length > 0 ? (
        <span className="bulk-move">
          <label htmlFor="bulk-target">{fromName ? 'Move to' : 'Add to'}</label>
          <select id="bulk-target" value={target} onChange={(event) => setTarget(event.target.value)}>
            <option value="">Choose a class…</option>
            {moveTargets.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
          <button type="button" className="button small" disabled={working} onClick={() => void run('move')}>
            {fromName ? 'Move' : 'Add'}
          </button>
        </span>
      ) : null}
      {fromName ? (
        <button type="button" className="button small" disabled={working} onClick={() => void run('remove')}>
          Remove from {fromName}
        </button>
      ) : null}
      <button type="button" className="button small" onClick={onClear}>
        Clear selection
      </button>
      {error ? (
        <p className="bulk-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What a bulk action did: an alert when it failed, a status line per student otherwise. */
export function BulkOutcomeMessage({ outcome }: { outcome: BulkOutcome }) {
  const failed = outcome.kind === 'error';
  return (
    <div className={`alert ${failed ? 'alert-error' : 'alert-success'} bulk-outcome`} role={failed ? 'alert' : 'status'}>
      {outcome.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
