import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth, type Role } from '../auth/auth-store.ts';
import { LoadingScreen } from '../components/loading-screen.tsx';

/** Guests only: signed-in users go to /dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { status, initialised } = useAuth();
  // Only the start-up check shows the spinner: a sign-in in progress keeps its form on screen.
  if (!initialised) return <LoadingScreen />;
  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}

/** Signed-in users only (→ /login); with `roles`, others go to `fallback` (default /dashboard). */
export function Protected({ children, roles, fallback = '/dashboard' }: { children: ReactNode; roles?: readonly Role[]; fallback?: string }) {
  const { status, user, initialised } = useAuth();
  const location = useLocation();
  if (!initialised) return <LoadingScreen />;
  if (status !== 'authenticated' || !user) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (roles && !roles.includes(user.role)) return <Navigate to={fallback} replace />;
  return <>{children}</>;
}

/** /dashboard for tutors and parents is their own dashboard. */
export function StudentDashboardGate({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user?.role === 'tutor') return <Navigate to="/tutor/dashboard" replace />;
  if (user?.role === 'parent') return <Navigate to="/parent" replace />;
  return <>{children}</>;
}
