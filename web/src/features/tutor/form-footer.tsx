import { ErrorAlert } from '../../components/error-alert.tsx';

interface FormFooterProps {
  /** What went wrong the last time the form was sent. */
  error: string | null;
  busy: boolean;
  label: string;
  busyLabel: string;
  onCancel?: (() => void) | undefined;
}

/** The end of a tutor's work or question form: the last error, the submit button and Cancel. */
export function FormFooter({ error, busy, label, busyLabel, onCancel }: FormFooterProps) {
  return (
    <>
      <ErrorAlert message={error} />
      <div className="qs-form-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? busyLabel : label}
        </button>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </>
  );
}
