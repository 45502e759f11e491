import type { ReactNode } from 'react';

/** The alert a page shows when loading failed: what went wrong (children) and a Try Again button. */
export function RetryAlert({ className, onRetry, children }: { className?: string; onRetry(): void; children: ReactNode }) {
  return (
    <div className={className ? `alert alert-error ${className}` : 'alert alert-error'} role="alert">
      {children}
      <button type="button" className="button small" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}
