import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/auth-store.ts';
import { announce } from '../../components/announcer.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useLoad } from '../../components/use-load.ts';
import { classesApi, percent } from './classes-api.ts';
import { BulkBar, BulkOutcomeMessage } from './roster-bulk-bar.tsx';
import { SelectAllHeading, SelectCell, StatusBadge, StudentCell, useRosterSelection } from './roster-table.tsx';
import { TutorPicker, useTutorScope } from './tutor-picker.tsx';
import { formatDate, formatWhen, tutorApi, type StudentSort, type TutorStudent } from './tutor-api.ts';
import { TutorTable } from './tutor-table.tsx';
import { ButtonLink } from '../../components/button-link.tsx';
import './tutor.css';
import './classroom.css';

/** SPEC §8 'Tutor': a failed status change is only logged (and, here, also shown next to the row). */
export const STATUS_UPDATE_ERROR = 'Failed to update student status';
const SEARCH_DELAY_MS = 250;

/** /tutor/students: SPEC §2 Tutor students, real data. */
export function TutorStudentsPage() {
  useDocumentTitle('Student Management');
  // A class page's 'Manage students' opens this list filtered to the class (?class_id=…).
  const [params] = useSearchParams();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [classId, setClassId] = useState(() => params.get('class_id') ?? '');
  const [sort, setSort] = useState<StudentSort>('joined');
  const [filters, setFilters] = useState({ search: '', status: '', classId, sort });
  useEffect(() => {
    const timer = setTimeout(() => setFilters({ search, status, classId, sort }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, status, classId, sort]);
  const tutorId = useTutorScope();
  const isTutor = useAuth((state) => state.user?.role === 'tutor');
  const { load, reload } = useLoad(useCallback((signal: AbortSignal) => tutorApi.students({ ...filters, tutorId }, signal), [filters, tutorId]));
  const classesLoad = useLoad(useCallback((signal: AbortSignal) => classesApi.list(tutorId, signal), [tutorId])).load;
  const classes = classesLoad.kind === 'ready' ? classesLoad.data.classes.filter((item) => item.archived_at === null) : [];
  const [students, setStudents] = useState<TutorStudent[] | null>(null);
  const [rowError, setRowError] = useState<{ id: string; message: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const { selected, setSelected, toggle, clear, outcome: bulkOutcome, finish } = useRosterSelection(reload);

  useEffect(() => {
    if (load.kind !== 'ready') return;
    setStudents(load.data.students);
    // A selection keeps only the students still listed.
    const listed = new Set(load.data.students.map((row) => row.id));
    setSelected((current) => new Set([...current].filter((id) => listed.has(id))));
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

  const filtered = filters.search.trim() !== '' || filters.status !== '' || filters.classId !== '';
  const shown = students?.filter((row) => !filters.status || row.relationship_status === filters.status) ?? null;
  const allChosen = shown !== null && shown.length > 0 && shown.every((row) => selected.has(row.id));

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
        <div className="field">
          <label htmlFor="student-class">Class</label>
          <select id="student-class" value={classId} onChange={(event) => setClassId(event.target.value)}>
            <option value="">All classes</option>
            {classes.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="student-sort">Sort by</label>
          <select id="student-sort" value={sort} onChange={(event) => setSort(event.target.value as StudentSort)}>
            <option value="joined">Newest first</option>
            <option value="name">Name</option>
            <option value="last_active">Last active</option>
            <option value="accuracy">Accuracy (lowest first)</option>
          </select>
        </div>
      </div>

      {isTutor && selected.size > 0 ? (
        <BulkBar
          chosen={[...selected]}
          classes={classes}
          classId={filters.classId}
          names={new Map((students ?? []).map((row) => [row.id, row.name]))}
          onDone={finish}
          onClear={clear}
        />
      ) : null}
      {bulkOutcome ? <BulkOutcomeMessage outcome={bulkOutcome} /> : null}

      {load.kind === 'error' ? (
        <RetryAlert onRetry={() => window.location.reload()}>
          <h2 className="tutor-error-title">Error Loading Students</h2>
          <p>{load.message || 'An error occurred'}</p>
        </RetryAlert>
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
            <TutorTable
              columns={['Student', 'Grade', 'Status', 'Classes', 'Referral Code', 'Joined', 'Last Active', 'Accuracy (30 days)', 'Actions']}
              leading={isTutor ? <SelectAllHeading label="Select all students listed" checked={allChosen} onChange={() => setSelected(allChosen ? new Set() : new Set(shown.map((row) => row.id)))} /> : null}
            >
              {shown.map((student) => (
                <tr key={`${student.tutor_id}:${student.id}`}>
                  {isTutor ? <SelectCell name={student.name} checked={selected.has(student.id)} onChange={() => toggle(student.id)} /> : null}
                  <StudentCell name={student.name} email={student.email} />
                  <td data-label="Grade">{student.grade_level ?? '—'}</td>
                  <td data-label="Status">
                    <StatusBadge status={student.relationship_status} />
                  </td>
                  <td data-label="Classes">{student.classes.length > 0 ? student.classes.map((item) => item.name).join(', ') : '—'}</td>
                  <td data-label="Referral Code">{student.referral_code || 'Direct'}</td>
                  <td data-label="Joined">{formatDate(student.created_at)}</td>
                  <td data-label="Last Active">{student.practising_now ? 'Practising now' : student.last_active ? formatWhen(student.last_active) : 'Never'}</td>
                  <td data-label="Accuracy (30 days)">{student.answers_30d > 0 ? `${percent(student.accuracy)} of ${student.answers_30d}` : '—'}</td>
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
                        <ButtonLink to={`/tutor/students/${student.id}`} small>
                          View Details<span className="visually-hidden"> of {student.name}</span>
                        </ButtonLink>
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
            </TutorTable>
          )}
        </section>
      )}
    </main>
  );
}
