import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/client.ts';
import { announce } from '../../components/announcer.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useLoad } from '../admin/use-load.ts';
import { TutorPicker, useTutorScope } from './tutor-picker.tsx';
import { formatDate, formatWhen, STATUS_LABELS, tutorApi, type TutorStudent } from './tutor-api.ts';
import './tutor.css';

/** SPEC §8 'Tutor': a failed status change is only logged (and, here, also shown next to the row). */
export const STATUS_UPDATE_ERROR = 'Failed to update student status';
const SEARCH_DELAY_MS = 250;

/** /tutor/students: SPEC §2 Tutor students, real data. */
export function TutorStudentsPage() {
  useDocumentTitle('Student Management');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [filters, setFilters] = useState({ search: '', status: '' });
  useEffect(() => {
    const timer = setTimeout(() => setFilters({ search, status }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, status]);
  const tutorId = useTutorScope();
  const { load } = useLoad(useCallback((signal: AbortSignal) => tutorApi.students({ ...filters, tutorId }, signal), [filters, tutorId]));
  const [students, setStudents] = useState<TutorStudent[] | null>(null);
  const [rowError, setRowError] = useState<{ id: string; message: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (load.kind === 'ready') setStudents(load.data.students);
  }, [load]);

  const change = async (student: TutorStudent, to: 'active' | 'inactive') => {
    setBusy(student.id);
    setRowError(null);
    try {
      await tutorApi.setStatus(student, to);
      // SPEC §7: on success the list updates locally.
      setStudents((list) => list?.map((row) => (row.id === student.id && row.tutor_id === student.tutor_id ? { ...row, relationship_status: to } : row)) ?? null);
      announce(`${student.name} is now ${to}.`);
    } catch (error) {
      console.error(STATUS_UPDATE_ERROR, error);
      setRowError({ id: student.id, message: `${STATUS_UPDATE_ERROR}: ${errorMessage(error)}` });
    } finally {
      setBusy(null);
    }
  };

  const filtered = filters.search.trim() !== '' || filters.status !== '';
  const shown = students?.filter((row) => !filters.status || row.relationship_status === filters.status) ?? null;

  return (
    <main id="main" className="page tutor-page">
      <header className="tutor-header">
        <div>
          <h1>Student Management</h1>
          <p className="muted">Activate students who joined with your code, and follow their progress.</p>
        </div>
        <TutorPicker />
      </header>

      <div className="card tutor-filters">
        <div className="field">
          <label htmlFor="student-search">Search</label>
          <input id="student-search" type="search" placeholder="Name or email" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="student-status">Status</label>
          <select id="student-status" value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">All Statuses</option>
            <option value="active">Active</option>
            <option value="pending">Pending</option>
            <option value="inactive">Inactive</option>
          </select>
        </div>
      </div>

      {load.kind === 'error' ? (
        <div className="alert alert-error" role="alert">
          <h2 className="tutor-error-title">Error Loading Students</h2>
          <p>{load.message || 'An error occurred'}</p>
          <button type="button" className="button small" onClick={() => window.location.reload()}>
            Try Again
          </button>
        </div>
      ) : shown === null ? (
        <p className="muted" role="status">
          Loading students...
        </p>
      ) : (
        <section className="card" aria-labelledby="students-count">
          <h2 id="students-count">Students ({shown.length})</h2>
          {shown.length === 0 ? (
            <div className="tutor-empty">
              <p className="tutor-empty-title">No students found</p>
              <p className="muted">{filtered ? 'Try adjusting your search or filter criteria' : "You haven't been assigned any students yet"}</p>
            </div>
          ) : (
            <div className="tutor-table-wrap">
              <table className="tutor-table">
                <thead>
                  <tr>
                    <th scope="col">Student</th>
                    <th scope="col">Grade</th>
                    <th scope="col">Status</th>
                    <th scope="col">Referral Code</th>
                    <th scope="col">Joined</th>
                    <th scope="col">Last Active</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((student) => (
                    <tr key={`${student.tutor_id}:${student.id}`}>
                      <td data-label="Student">
                        <span className="tutor-student-name">{student.name}</span>
                        <span className="muted small tutor-student-email">{student.email}</span>
                      </td>
                      <td data-label="Grade">{student.grade_level ?? '—'}</td>
                      <td data-label="Status">
                        <span className={`badge status-${student.relationship_status}`}>{STATUS_LABELS[student.relationship_status]}</span>
                      </td>
                      <td data-label="Referral Code">{student.referral_code || 'Direct'}</td>
                      <td data-label="Joined">{formatDate(student.created_at)}</td>
                      <td data-label="Last Active">{student.practising_now ? 'Practising now' : student.last_active ? formatWhen(student.last_active) : 'Never'}</td>
                      <td data-label="Actions">
                        <div className="tutor-row-actions">
                          {student.relationship_status === 'pending' ? (
                            <button type="button" className="button small primary" disabled={busy === student.id} onClick={() => void change(student, 'active')}>
                              Activate<span className="visually-hidden"> {student.name}</span>
                            </button>
                          ) : null}
                          {student.relationship_status === 'active' ? (
                            <button type="button" className="button small" disabled={busy === student.id} onClick={() => void change(student, 'inactive')}>
                              Deactivate<span className="visually-hidden"> {student.name}</span>
                            </button>
                          ) : null}
                          {student.relationship_status === 'active' ? (
                            <Link className="button small" to={`/tutor/students/${student.id}`}>
                              View Details<span className="visually-hidden"> of {student.name}</span>
                            </Link>
                          ) : null}
                          {rowError?.id === student.id ? (
                            <p className="field-error" role="alert">
                              {rowError.message}
                            </p>
                          ) : null}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </main>
  );
}
