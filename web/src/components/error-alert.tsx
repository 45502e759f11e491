/** What went wrong with the last action, announced as an alert; nothing while there is no error. */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <div className="alert alert-error" role="alert">
      {message}
    </div>
  ) : null;
}
