import type { ReactNode } from 'react';

interface TableHeadProps {
  columns: readonly string[];
  /** A last column of row buttons, its heading read by screen readers only. */
  actions?: boolean;
  /** Cells before the named columns (e.g. a select-all checkbox). */
  children?: ReactNode;
}

/** A table's header row: one column heading (scope="col") for each name. */
export function TableHead({ columns, actions = false, children }: TableHeadProps) {
  return (
    <thead>
      <tr>
        {children}
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
        {actions ? (
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
