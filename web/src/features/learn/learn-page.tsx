import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function LearnPage() {
  useDocumentTitle('Practice session');
  return (
    <main className="page" id="main">
      <h1>Practice session</h1>
    </main>
  );
}
