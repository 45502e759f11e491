import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { BrandLink } from '../../components/brand-link.tsx';
import { useMenuDismiss } from '../../components/use-menu-dismiss.ts';
import { useAuth } from '../../auth/auth-store.ts';
import { Icon } from './icons.tsx';
import { LANDING_SECTIONS } from './site-links.ts';

export type PublicPage = 'landing' | 'pricing' | 'contact' | 'legal';

/**
 * The public site's header: brand, the landing sections (in-page anchors on the landing page,
 * links back to them elsewhere), Sign In and Get Started. Below 900 px the links fold into a
 * menu that closes on Escape, an outside click or a chosen link.
 */
export function PublicHeader({ page }: { page: PublicPage }) {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [location.pathname, location.hash]);

  useMenuDismiss(open, setOpen, headerRef, buttonRef, 'mousedown');

  const close = () => setOpen(false);
  const sectionLink = (id: string, label: string) => {
    if (page === 'landing') {
      return (
        <a href={`#${id}`} onClick={close}>
          {label}
        </a>
      );
    }
    if (id === 'pricing') {
      return (
        <Link to="/pricing" onClick={close} aria-current={page === 'pricing' ? 'page' : undefined}>
          {label}
        </Link>
      );
    }
    return (
      <Link to={`/#${id}`} onClick={close}>
        {label}
      </Link>
    );
  };

  const accountLinks = (where: 'bar' | 'menu') =>
    signedIn ? (
      <Link className={`button primary${where === 'bar' ? ' small' : ''}`} to="/dashboard" onClick={close}>
        Go to Dashboard
      </Link>
    ) : (
      <>
        <Link className={`button${where === 'bar' ? ' small public-sign-in' : ''}`} to="/login" onClick={close}>
          Sign In
        </Link>
        <Link className={`button primary${where === 'bar' ? ' small' : ''}`} to="/register" onClick={close}>
          Get Started
        </Link>
      </>
    );

  return (
    <header className="public-header" ref={headerRef}>
      <div className="public-header-inner">
        <BrandLink onClick={close} />
        <nav aria-label="Main" id="public-menu" className={open ? 'public-nav open' : 'public-nav'}>
          <ul className="public-nav-links">
            {LANDING_SECTIONS.map((section) => (
              <li key={section.id}>{sectionLink(section.id, section.label)}</li>
            ))}
          </ul>
          <div className="public-nav-account">{accountLinks('menu')}</div>
        </nav>
        <div className="public-header-actions">{accountLinks('bar')}</div>
        <button
          ref={buttonRef}
          type="button"
          className="public-menu-button"
          aria-expanded={open}
          aria-controls="public-menu"
          onClick={() => setOpen((value) => !value)}
        >
          <Icon name={open ? 'cross' : 'menu'} size={22} />
          <span className="visually-hidden">{open ? 'Close menu' : 'Menu'}</span>
        </button>
      </div>
    </header>
  );
}
