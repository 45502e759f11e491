import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function TestCredentialsPage() {
  useDocumentTitle('Test credentials');
  return (
    <main className="page" id="main">
      <h1>Test credentials</h1>
    </main>
  );
}
