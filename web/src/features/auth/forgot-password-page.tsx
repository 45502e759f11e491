import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot your password?');
  return (
    <main className="page" id="main">
      <h1>Forgot your password?</h1>
    </main>
  );
}
