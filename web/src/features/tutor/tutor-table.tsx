import type { ReactNode } from 'react';
import { TableHead } from '../../components/table-head.tsx';

interface TutorTableProps {
  columns: readonly string[];
  /** A last column of row buttons (its heading for screen readers only). */
  actions?: boolean;
  /** Header cells before the named columns (a select-all box). */
  leading?: ReactNode;
  /** The rows. */
  children: ReactNode;
}

/** A tutor page's table: scrolls sideways on narrow screens, one header row, then the rows. */
export function TutorTable({ columns, actions, leading, children }: TutorTableProps) {
  return (
    <div className="tutor-table-wrap">
      <table className="tutor-table">
        <TableHead columns={columns} actions={actions}>
          {leading}
        </TableHead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
