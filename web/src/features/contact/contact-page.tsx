import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function ContactPage() {
  useDocumentTitle('Contact us');
  return (
    <main className="page" id="main">
      <h1>Contact us</h1>
    </main>
  );
}
