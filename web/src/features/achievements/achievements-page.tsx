import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function AchievementsPage() {
  useDocumentTitle('Achievements');
  return (
    <main className="page" id="main">
      <h1>Achievements</h1>
    </main>
  );
}
