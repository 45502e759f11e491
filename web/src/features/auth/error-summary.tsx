import { forwardRef, useId } from 'react';
import type { FieldErrors } from './validation.ts';

interface ErrorSummaryProps {
  /** Heading for a server error without field details, e.g. 'Login Failed'. */
  failureTitle: string;
  /** The server's message (shown under failureTitle when there are no field errors). */
  message: string | null;
  fieldErrors: FieldErrors;
  /** Input id for each field key, so each listed error links to its input. */
  fieldIds: Record<string, string>;
}

const FIELD_ERRORS_TITLE = 'Please fix the following errors:';

/** The alert box above a form. Focus is moved here (tabIndex -1) after a failed submit. */
export const ErrorSummary = forwardRef<HTMLDivElement, ErrorSummaryProps>(function ErrorSummary({ failureTitle, message, fieldErrors, fieldIds }, ref) {
  const headingId = useId();
  const entries = Object.entries(fieldErrors);
  if (!entries.length && !message) return null;
  const focusField = (key: string) => {
    const id = fieldIds[key];
    if (id) document.getElementById(id)?.focus();
  };
  return (
    <div ref={ref} className="alert alert-error error-summary" role="group" aria-labelledby={headingId} tabIndex={-1} data-testid="form-errors">
      <h2 id={headingId}>{entries.length ? FIELD_ERRORS_TITLE : failureTitle}</h2>
      {entries.length ? (
        <ul>
          {entries.map(([key, text]) => (
            <li key={key}>
              <a
                href={fieldIds[key] ? `#${fieldIds[key]}` : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  focusField(key);
                }}
              >
                {text}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>{message}</p>
      )}
    </div>
  );
});
