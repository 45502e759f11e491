import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PublicFooter } from './public-footer.tsx';
import { PublicHeader, type PublicPage } from './public-header.tsx';
import './public-site.css';

/** Landing, pricing, contact, terms and privacy: public header, the page, public footer. */
export function PublicLayout({ page, children }: { page: PublicPage; children: ReactNode }) {
  const { pathname, hash } = useLocation();
  // A new page opens at its top (react-router keeps the old scroll position); #anchors scroll themselves.
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="public-site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <PublicHeader page={page} />
      <main id="main" tabIndex={-1} className="public-main">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

/** Scrolls to the element named by the URL's #hash once the page has rendered (links such as /#features). */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
  }, [hash]);
}
