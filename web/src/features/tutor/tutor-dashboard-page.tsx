import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function TutorDashboardPage() {
  useDocumentTitle('Tutor Dashboard');
  return (
    <main className="page" id="main">
      <h1>Tutor Dashboard</h1>
    </main>
  );
}
