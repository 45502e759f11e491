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
      useAuth.setState({ status: 'logged_out', user: null });
      // The sign-in page says why, and brings the user back here afterwards.
      const { pathname, search } = window.location;
      navigate('/login', { state: { sessionExpired: true, from: pathname === '/login' ? undefined : `${pathname}${search}` } });
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
