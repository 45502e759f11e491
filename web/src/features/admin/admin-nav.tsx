import { NavLink } from 'react-router-dom';

/** The admin area's own pages. */
export function AdminNav() {
  return (
    <nav className="admin-nav" aria-label="Admin area">
      <NavLink to="/admin" end>
        Dashboard
      </NavLink>
      <NavLink to="/admin/events">Event log</NavLink>
      <NavLink to="/admin/reports">Messages &amp; error reports</NavLink>
    </nav>
  );
}
