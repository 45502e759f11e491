import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { setSignedOutHandler } from '../api/client.ts';
import { useAuth } from '../auth/auth-store.ts';
import { LiveRegion } from '../components/announcer.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { AppRoutes } from './routes.tsx';

function SessionWatcher() {
  const navigate = useNavigate();
  useEffect(() => {
    setSignedOutHandler(() => {
      // The sign-in page says why (a store flag: the guard's own redirect may replace this
      // navigation's state), and brings the user back here afterwards.
      useAuth.setState({ status: 'logged_out', user: null, sessionExpired: true });
      const { pathname, search } = window.location;
      navigate('/login', { state: { from: pathname === '/login' ? undefined : `${pathname}${search}` } });
    });
    void useAuth.getState().initialise();
  }, [navigate]);
  return null;
}

export function App() {
  return (
    <BrowserRouter>
      <ErrorBoundary>
        <SessionWatcher />
        <LiveRegion />
        <AppRoutes />
      </ErrorBoundary>
    </BrowserRouter>
  );
}
