import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function ProblemCardDemoPage() {
  useDocumentTitle('Problem card demo');
  return (
    <main className="page" id="main">
      <h1>Problem card demo</h1>
    </main>
  );
}
