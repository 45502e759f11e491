import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  return (
    <main className="page" id="main">
      <h1>Admin Dashboard</h1>
    </main>
  );
}
