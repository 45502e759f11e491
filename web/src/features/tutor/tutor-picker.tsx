import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api/client.ts';
import { useAuth } from '../../auth/auth-store.ts';
import { useLoad } from '../../components/use-load.ts';

interface TutorRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Tutors listed in the picker: one page of the admin user list is enough for a school's tutors. */
const TUTORS_LISTED = 100;

/**
 * The tutor whose area an admin is looking at (`?tutor_id=` in the page's address, so the choice
 * survives a reload and travels with links); '' means every tutor. A tutor always sees their own,
 * whatever the address says (the API ignores their `tutor_id`).
 */
export function useTutorScope(): string {
  const [params] = useSearchParams();
  const role = useAuth((state) => state.user?.role);
  return role === 'admin' ? (params.get('tutor_id') ?? '') : '';
}

/** Admins only: a select listing the tutors, which sets `?tutor_id=` (the API's scope). */
export function TutorPicker() {
  const role = useAuth((state) => state.user?.role);
  const [params, setParams] = useSearchParams();
  const isAdmin = role === 'admin';
  const { load } = useLoad(
    useCallback(
      (signal: AbortSignal) =>
        isAdmin
          ? api.get<{ data: { users: TutorRow[] } }>(`/api/admin/users?role=tutor&limit=${TUTORS_LISTED}`, { signal }).then((body) => body.data.users)
          : Promise.resolve([]),
      [isAdmin],
    ),
  );
  if (!isAdmin) return null;
  const chosen = params.get('tutor_id') ?? '';
  const choose = (tutorId: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (tutorId) next.set('tutor_id', tutorId);
      else next.delete('tutor_id');
      return next;
    });
  return (
    <div className="field tutor-picker">
      <label htmlFor="tutor-picker">Tutor</label>
      <select id="tutor-picker" value={chosen} onChange={(event) => choose(event.target.value)} disabled={load.kind !== 'ready'}>
        <option value="">All tutors</option>
        {load.kind === 'ready'
          ? load.data.map((tutor) => (
              <option key={tutor.id} value={tutor.id}>
                {tutor.firstName} {tutor.lastName} ({tutor.email})
              </option>
            ))
          : null}
      </select>
      {load.kind === 'error' ? (
        <p className="field-error" role="alert">
          {load.message}
        </p>
      ) : null}
    </div>
  );
}
