import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function ProgressPage() {
  useDocumentTitle('Your progress');
  return (
    <main className="page" id="main">
      <h1>Your progress</h1>
    </main>
  );
}
