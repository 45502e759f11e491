import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Spinner } from '../../components/loading-screen.tsx';
import { placementApi } from './placement-api.ts';

/**
 * Practice for a student who gave no grade: until a placement check has found their starting
 * grade, /learn sends them to /placement first (a first session would otherwise mix grades 4-12).
 * If the check's state cannot be read, practice goes ahead: it works without a grade.
 */
export function PlacementGate({ hasGrade, children }: { hasGrade: boolean; children: ReactNode }) {
  const [placed, setPlaced] = useState<boolean | null>(hasGrade ? true : null);
  useEffect(() => {
    if (hasGrade) return;
    let live = true;
    placementApi.load().then(
      (view) => live && setPlaced(view.status === 'completed' || (view.status === 'in_progress' && view.grade !== null)),
      () => live && setPlaced(true),
    );
    return () => {
      live = false;
    };
  }, [hasGrade]);
  // The grade can arrive after mount (the account is read again once the check has placed them).
  if (hasGrade) return children;
  if (placed === null) {
    return (
      <main id="main" className="centered-page">
        <Spinner />
      </main>
    );
  }
  return placed ? children : <Navigate to="/placement" replace state={{ from: 'learn' }} />;
}
