import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function TermsPage() {
  useDocumentTitle('Terms of Service');
  return (
    <main className="page" id="main">
      <h1>Terms of Service</h1>
    </main>
  );
}
