import type { ReactNode } from 'react';

/** A row of a description list: the term, then its value (`className` and `testId` go on the value). */
export function Detail({ term, className, testId, children }: { term: string; className?: string; testId?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
