import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function RegisterPage() {
  useDocumentTitle('Create your account');
  return (
    <main className="page" id="main">
      <h1>Create your account</h1>
    </main>
  );
}
