import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function ProfilePage() {
  useDocumentTitle('Profile & Settings');
  return (
    <main className="page" id="main">
      <h1>Profile & Settings</h1>
    </main>
  );
}
