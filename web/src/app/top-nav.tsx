import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-store.ts';
import { Avatar } from '../components/avatar.tsx';
import { BrandLink } from '../components/brand-link.tsx';
import { useMenuDismiss } from '../components/use-menu-dismiss.ts';
import './top-nav.css';

interface NavItem {
  to: string;
  label: string;
}

/**
 * SPEC §2 top navigation: items by role, and the user menu. The menu is a disclosure (a button
 * that shows a list of links): it closes on Escape (focus back on the button), a click or tap
 * outside, focus moving out of it, and on navigation.
 */
export function TopNav() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  useMenuDismiss(open, setOpen, menuRef, buttonRef, 'pointerdown');
  // A disclosure also closes when focus moves out of it.
  useEffect(() => {
    if (!open) return;
    const onFocus = (event: FocusEvent) => {
      if (menuRef.current && event.target instanceof Node && !menuRef.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, [open]);

  if (!user) return null;
  // A parent's dashboard is their family page.
  const items: NavItem[] = [{ to: user.role === 'parent' ? '/parent' : '/dashboard', label: 'Dashboard' }];
  if (user.role === 'student') items.push({ to: '/learn', label: 'Learn' }, { to: '/progress', label: 'Progress' });
  if (user.role === 'tutor')
    items.push({ to: '/tutor/dashboard', label: 'Tutor Dashboard' }, { to: '/tutor/classes', label: 'Classes' }, { to: '/tutor/students', label: 'Students' }, { to: '/tutor/referrals', label: 'Referrals' }, { to: '/tutor/question-sets', label: 'Question Sets' });
  if (user.role === 'admin') items.push({ to: '/admin', label: 'Admin' }, { to: '/tutor/dashboard', label: 'Tutors' });

  const onLogout = async () => {
    setOpen(false);
    await logout();
    navigate('/login');
  };

  return (
    <header className="top-nav">
      <div className="top-nav-inner">
        <BrandLink to="/dashboard" nameClassName="brand-name" />
        <nav aria-label="Main" className="top-nav-main">
          <ul className="nav-links">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={({ isActive }) => (isActive ? 'active' : undefined)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="user-menu" ref={menuRef}>
          <button
            ref={buttonRef}
            type="button"
            className="user-menu-button"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
            data-testid="user-menu-button"
          >
            <Avatar user={user} size={32} />
            <span className="visually-hidden">Account menu for </span>
            <span className="user-name">{user.firstName}</span>
            <span className={`chevron${open ? ' open' : ''}`} aria-hidden="true">
              ▾
            </span>
          </button>
          <div className="user-menu-panel" id={menuId} hidden={!open} data-testid="user-menu">
            <div className="user-menu-who">
              <strong>
                {user.firstName} {user.lastName}
              </strong>
              <span>{user.email}</span>
            </div>
            <ul className="user-menu-list">
              <li>
                <Link to="/profile" onClick={() => setOpen(false)}>
                  Profile &amp; Settings
                </Link>
              </li>
              {user.role === 'student' && (
                <li>
                  <Link to="/achievements" onClick={() => setOpen(false)}>
                    Achievements
                  </Link>
                </li>
              )}
              <li>
                <Link to="/help" onClick={() => setOpen(false)}>
                  Help &amp; Support
                </Link>
              </li>
              <li className="user-menu-separator">
                <button type="button" onClick={() => void onLogout()}>
                  Logout
                </button>
              </li>
            </ul>
          </div>
        </div>
      </div>
    </header>
  );
}
