import type { ReactNode } from 'react';
import type { Load } from './use-load.ts';

interface RetryAlertProps {
  className?: string;
  onRetry(): void;
  /** The button's text: 'Try Again' on the learner's and tutor's pages, 'Retry' on the admin's. */
  retryLabel?: string;
  children: ReactNode;
}

/** The alert a page shows when loading failed: what went wrong (children) and a button to load again. */
export function RetryAlert({ className, onRetry, retryLabel = 'Try Again', children }: RetryAlertProps) {
  return (
    <div className={className ? `alert alert-error ${className}` : 'alert alert-error'} role="alert">
      {children}
      <button type="button" className="button small" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}

/** A `useLoad` that failed: its message and Try Again, which loads again (nothing while it has not failed). */
export function LoadFailedAlert({ load, onRetry }: { load: Load<unknown>; onRetry(): void }) {
  return load.kind === 'error' ? (
    <RetryAlert onRetry={onRetry}>
      <p>{load.message}</p>
    </RetryAlert>
  ) : null;
}
