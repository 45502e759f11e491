import type { ReactNode } from 'react';

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
