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
          <div>
            <p className="public-footer-heading">Product</p>
            <ul>
              <li>
                <Link to="/#how-it-works">How It Works</Link>
              </li>
              <li>
                <Link to="/pricing">Pricing</Link>
              </li>
              <li>
                <Link to="/demo/problem-card">Try a demo problem</Link>
              </li>
            </ul>
          </div>
          <div>
            <p className="public-footer-heading">Help</p>
            <ul>
              <li>
                <Link to={signedIn ? '/help' : '/contact'}>Contact</Link>
              </li>
              <li>
                {signedIn ? <Link to="/help">Support</Link> : <a href={`mailto:${SUPPORT_EMAIL}`}>Support</a>}
              </li>
            </ul>
          </div>
          <div>
            <p className="public-footer-heading">Legal</p>
            <ul>
              <li>
                <Link to="/privacy">Privacy</Link>
              </li>
              <li>
                <Link to="/privacy#for-children">Privacy for children</Link>
              </li>
              <li>
                <Link to="/terms">Terms</Link>
              </li>
            </ul>
          </div>
        </nav>
      </div>
      <p className="public-footer-bottom">© {new Date().getFullYear()} MathDaily. Made for curious minds everywhere.</p>
    </footer>
  );
}
