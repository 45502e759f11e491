import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <main className="page" id="main">
      <h1>Dashboard</h1>
    </main>
  );
}
