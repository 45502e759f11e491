import { useDocumentTitle } from '../../components/use-document-title.ts';

// Placeholder until its feature issue lands.
export function PricingPage() {
  useDocumentTitle('Pricing');
  return (
    <main className="page" id="main">
      <h1>Pricing</h1>
    </main>
  );
}
