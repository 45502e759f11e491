import { useDocumentTitle } from '../components/use-document-title.ts';
import { ButtonLink } from '../components/button-link.tsx';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main className="centered-page" id="main">
      <div className="card narrow center">
        <p className="big-emoji" aria-hidden="true">🧭</p>
        <h1>Page not found</h1>
        <p className="muted">The page you are looking for does not exist or has moved.</p>
        <ButtonLink to="/dashboard" primary>Return to Dashboard</ButtonLink>
      </div>
    </main>
  );
}
