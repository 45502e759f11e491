import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function VerifyEmailPage() {
  useDocumentTitle('Verify your email');
  return (
    <main className="page" id="main">
      <h1>Verify your email</h1>
    </main>
  );
}
