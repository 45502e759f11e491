import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function LandingPage() {
  useDocumentTitle('MathDaily');
  return (
    <main className="page" id="main">
      <h1>MathDaily</h1>
    </main>
  );
}
