import { Outlet } from 'react-router-dom';
import { TopNav } from './top-nav.tsx';

/** Signed-in pages: the top navigation above the page. */
export function AppLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopNav />
      <Outlet />
    </>
  );
}
