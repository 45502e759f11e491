/** A tutor page that could not load what it shows: the page's heading says so, with the reason. */
export function PageLoadError({ title, message }: { title: string; message: string }) {
  return (
    <div className="alert alert-error" role="alert">
      <h1 className="tutor-error-title">{title}</h1>
      <p>{message}</p>
    </div>
  );
}
