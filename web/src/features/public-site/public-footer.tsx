import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { TRIAL } from '@mathdaily/domain';
import { BrandLink } from '../../components/brand-link.tsx';
import { useAuth } from '../../auth/auth-store.ts';
import { SUPPORT_EMAIL } from './site-links.ts';

/** SPEC §1 footer: Privacy, Terms, Support, Pricing, Contact. */
export function PublicFooter() {
  const signedIn = useAuth().status === 'authenticated';
  return (
    <footer className="public-footer">
      <div className="public-footer-inner">
        <div className="public-footer-brand">
          <BrandLink />
          <p>Mastery in 10 minutes a day. Adaptive maths practice for grades 1-12.</p>
          <p className="public-footer-trial">
            {TRIAL.days}-day free trial · No credit card required
          </p>
        </div>
        <nav aria-label="Footer" className="public-footer-nav">
          <FooterColumn
            heading="Product"
            links={[
              { to: '/#how-it-works', label: 'How It Works' },
              { to: '/pricing', label: 'Pricing' },
              { to: '/demo/problem-card', label: 'Try a demo problem' },
            ]}
          />
          <FooterColumn heading="Help">
            <li>
              <Link to={signedIn ? '/help' : '/contact'}>Contact</Link>
            </li>
            <li>
              {signedIn ? <Link to="/help">Support</Link> : <a href={`mailto:${SUPPORT_EMAIL}`}>Support</a>}
            </li>
          </FooterColumn>
          <FooterColumn
            heading="Legal"
            links={[
              { to: '/privacy', label: 'Privacy' },
              { to: '/privacy#for-children', label: 'Privacy for children' },
              { to: '/terms', label: 'Terms' },
            ]}
          />
        </nav>
      </div>
      <p className="public-footer-bottom">© {new Date().getFullYear()} MathDaily. Made for curious minds everywhere.</p>
    </footer>
  );
}

/** A footer column: its heading over its links (`links`, then any other items). */
function FooterColumn({ heading, links = [], children }: { heading: string; links?: { to: string; label: string }[]; children?: ReactNode }) {
  return (
    <div>
      <p className="public-footer-heading">{heading}</p>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
        {children}
      </ul>
    </div>
  );
}
