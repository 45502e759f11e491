import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function LoginPage() {
  useDocumentTitle('Sign in');
  return (
    <main className="page" id="main">
      <h1>Sign in</h1>
    </main>
  );
}
