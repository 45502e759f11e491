import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-store.ts';
import { Avatar } from '../components/avatar.tsx';

interface NavItem {
  to: string;
  label: string;
}

/** SPEC §2 top navigation: items by role, and the user menu (closes on Escape or outside click). */
export function TopNav() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (menuRef.current && !menuRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  if (!user) return null;
  const items: NavItem[] = [{ to: '/dashboard', label: 'Dashboard' }];
  if (user.role === 'student') items.push({ to: '/learn', label: 'Learn' }, { to: '/progress', label: 'Progress' });
  if (user.role === 'tutor')
    items.push({ to: '/tutor/dashboard', label: 'Tutor Dashboard' }, { to: '/tutor/students', label: 'Students' }, { to: '/tutor/referrals', label: 'Referrals' });
  if (user.role === 'admin') items.push({ to: '/admin', label: 'Admin' });

  const onLogout = async () => {
    setOpen(false);
    await logout();
    navigate('/login');
  };

  return (
    <header className="top-nav">
      <div className="top-nav-inner">
        <Link to="/dashboard" className="brand" aria-label="MathDaily home">
          <span className="brand-mark" aria-hidden="true">∑</span> MathDaily
        </Link>
        <nav aria-label="Main">
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
            aria-haspopup="true"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
          >
            <Avatar user={user} size={32} />
            <span className="user-name">{user.firstName}</span>
            <span aria-hidden="true">▾</span>
          </button>
          {open && (
            <ul className="user-menu-list" id={menuId}>
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
              <li>
                <button type="button" onClick={() => void onLogout()}>
                  Logout
                </button>
              </li>
            </ul>
          )}
        </div>
      </div>
    </header>
  );
}
