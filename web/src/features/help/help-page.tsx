import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function HelpPage() {
  useDocumentTitle('Help & Support');
  return (
    <main className="page" id="main">
      <h1>Help & Support</h1>
    </main>
  );
}
