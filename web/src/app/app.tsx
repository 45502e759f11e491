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
      navigate('/login');
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
