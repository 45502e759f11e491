import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function DiagnosticPage() {
  useDocumentTitle('Diagnostic');
  return (
    <main className="page" id="main">
      <h1>Diagnostic</h1>
    </main>
  );
}
