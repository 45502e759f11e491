import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <main className="page" id="main">
      <h1>Privacy Policy</h1>
    </main>
  );
}
