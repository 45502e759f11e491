import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function TutorStudentsPage() {
  useDocumentTitle('Student Management');
  return (
    <main className="page" id="main">
      <h1>Student Management</h1>
    </main>
  );
}
