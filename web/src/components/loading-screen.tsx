export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** Shown while the authentication state loads. */
export function LoadingScreen() {
  return (
    <main className="loading-screen">
      <Spinner />
    </main>
  );
}
