import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function TutorReferralsPage() {
  useDocumentTitle('Referral Codes');
  return (
    <main className="page" id="main">
      <h1>Referral Codes</h1>
    </main>
  );
}
