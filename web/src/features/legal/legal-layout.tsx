import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { PublicLayout } from '../public-site/public-layout.tsx';
import './legal.css';

/** When the Terms and the Privacy Policy last changed in a way that matters. */
export const LEGAL_UPDATED = '22 November 2026';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Terms and Privacy: title (also the document's), the short version, a table of contents and numbered sections. */
export function LegalLayout({
  title,
  updated,
  summary,
  sections,
}: {
  title: string;
  updated: string;
  /** The short version's points, under its heading. */
  summary: ReactNode;
  sections: readonly LegalSection[];
}) {
  useDocumentTitle(title);
  return (
    <PublicLayout page="legal">
      <article className="legal" aria-labelledby="legal-title">
        <header className="legal-header">
          <h1 id="legal-title">{title}</h1>
          <p className="muted">Last updated {updated}</p>
        </header>
        <div className="legal-summary">
          <h2>The short version</h2>
          {summary}
        </div>
        <div className="legal-grid">
          <nav className="legal-toc" aria-label="On this page">
            <p className="legal-toc-title">On this page</p>
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="legal-body">
            {sections.map((section, index) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
                <h2 id={`${section.id}-title`}>
                  <span className="legal-number">{index + 1}.</span> {section.title}
                </h2>
                {section.body}
              </section>
            ))}
          </div>
        </div>
      </article>
    </PublicLayout>
  );
}
