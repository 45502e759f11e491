import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  return (
    <main className="page" id="main">
      <h1>Choose a new password</h1>
    </main>
  );
}
