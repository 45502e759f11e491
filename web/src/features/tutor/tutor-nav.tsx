import { NavLink } from 'react-router-dom';
import { unreadAlerts, useLiveFeed } from './live-feed.ts';

/** The tutor area's sub-navigation, with the unread alerts badge on the dashboard link. */
export function TutorNav() {
  const unread = useLiveFeed(unreadAlerts);
  return (
    <nav className="tutor-nav" aria-label="Tutor area">
      <NavLink to="/tutor/dashboard" end>
        Dashboard
        {unread > 0 ? (
          <span className="tutor-alert-badge" aria-label={`${unread} unread ${unread === 1 ? 'alert' : 'alerts'}`}>
            {unread}
          </span>
        ) : null}
      </NavLink>
      <NavLink to="/tutor/students">Students</NavLink>
      <NavLink to="/tutor/referrals">Referrals</NavLink>
    </nav>
  );
}
