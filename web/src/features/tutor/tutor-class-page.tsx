import { useCallback, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/auth-store.ts';
import { announce } from '../../components/announcer.tsx';
import { TimeZoneOptions, timeZoneLabel } from '../../components/time-zones.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useLoad } from '../../components/use-load.ts';
import { AssignmentForm } from './assignment-form.tsx';
import { ASSIGNMENT_STATUS, classesApi, formatDue, percent, saveCsv, type AssignmentSummary, type ClassDetail } from './classes-api.ts';
import { PageLoadError } from './page-load-error.tsx';
import { BulkBar, BulkOutcomeMessage } from './roster-bulk-bar.tsx';
import { SelectAllHeading, SelectCell, StatusBadge, StudentCell, useRosterSelection } from './roster-table.tsx';
import { JoinCode } from './tutor-classes-page.tsx';
import { formatWhen } from './tutor-api.ts';
import { TutorTable } from './tutor-table.tsx';
import { ButtonLink } from '../../components/button-link.tsx';
import './tutor.css';
import './classroom.css';

/** /tutor/classes/:id: one class — its code and link, its work and its students, the report and the live view. */
export function TutorClassPage() {
  const { id = '' } = useParams();
  const { load, reload } = useLoad(useCallback((signal: AbortSignal) => classesApi.get(id, signal), [id]));
  const detail = load.kind === 'ready' ? load.data : null;
  useDocumentTitle(detail ? `${detail.class.name} — Class` : 'Class');
  const isTutor = useAuth((state) => state.user?.role === 'tutor');
  const [setting, setSetting] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  // The roster: tick students, then act on all of them in one request (move and remove are out of this class).
  const roster = useRosterSelection(reload);
  const classesLoad = useLoad(useCallback((signal: AbortSignal) => classesApi.list('', signal), [])).load;

  const act = async (work: () => Promise<string>) => {
    setNotice(null);
    try {
      const text = await work();
      setNotice({ kind: 'success', text });
      announce(text);
      reload();
    } catch (failure) {
      setNotice({ kind: 'error', text: errorMessage(failure) });
    }
  };

  const download = () =>
    act(async () => {
      const text = await classesApi.classCsv(id);
      saveCsv(text, `${detail!.class.name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}-report.csv`);
      return 'The class report was downloaded (CSV, opens in Excel).';
    });

  if (load.kind === 'error') {
    return (
      <main id="main" className="page tutor-page">
        <p className="small">
          <Link to="/tutor/classes">← All classes</Link>
        </p>
        <PageLoadError title="This class could not be shown" message={load.message} />
      </main>
    );
  }
  if (!detail) {
    return (
      <main id="main" className="page tutor-page">
        <p className="muted" role="status">
          Loading class…
        </p>
      </main>
    );
  }
  const archived = detail.class.archived_at !== null;
  const active = detail.students.filter((student) => student.relationship_status === 'active').length;
  const canSelect = isTutor && !archived && detail.students.length > 0;
  const chosen = detail.students.filter((student) => roster.selected.has(student.id)).map((student) => student.id);
  const allChosen = chosen.length === detail.students.length;

  return (
    <main id="main" className="page tutor-page">
      <p className="small">
        <Link to="/tutor/classes">← All classes</Link>
      </p>
      <header className="class-header">
        <div>
          <h1>{detail.class.name}</h1>
          <p className="muted">
            {detail.students.length} {detail.students.length === 1 ? 'student' : 'students'} ({active} active) · Due dates in {timeZoneLabel(detail.class.time_zone)} time
            {archived ? ' · Archived' : ''}
          </p>
        </div>
        <div className="class-header-actions">
          {archived ? null : (
            <ButtonLink to={`/tutor/classes/${id}/live`} primary>Live view</ButtonLink>
          )}
          <button type="button" className="button" onClick={() => void download()}>
            Download report (CSV)
          </button>
          <ButtonLink to={`/tutor/students?class_id=${id}`}>Manage students</ButtonLink>
        </div>
      </header>

      {notice ? (
        <div className={`alert ${notice.kind === 'success' ? 'alert-success' : 'alert-error'}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </div>
      ) : null}

      {archived ? null : (
        <section className="class-section" aria-label="Join code">
          <JoinCode code={detail.class.join_code} />
        </section>
      )}

      <section className="card class-section" aria-labelledby="work-heading">
        <div className="class-section-head">
          <h2 id="work-heading">Work set</h2>
          {isTutor && !archived && !setting ? (
            <button type="button" className="button primary small" onClick={() => setSetting(true)}>
              Set work
            </button>
          ) : null}
        </div>
        {setting ? (
          <AssignmentForm
            classId={id}
            timeZone={detail.class.time_zone}
            students={detail.students}
            onCancel={() => setSetting(false)}
            onDone={(title) => {
              setSetting(false);
              setNotice({ kind: 'success', text: `“${title}” is set. Students see it on their dashboard and in practice.` });
              announce(`${title} is set.`);
              reload();
            }}
          />
        ) : null}
        {detail.assignments.length === 0 && !setting ? <p className="muted">No work set yet. Set problems from the bank or one of your question sets, with a due date.</p> : null}
        {detail.assignments.length > 0 ? (
          <ul className="work-list">
            {detail.assignments.map((assignment) => (
              <WorkItem key={assignment.id} classId={id} assignment={assignment} />
            ))}
          </ul>
        ) : null}
      </section>

      <section className="card class-section" aria-labelledby="students-heading">
        <div className="class-section-head">
          <h2 id="students-heading">Students ({detail.students.length})</h2>
        </div>
        {canSelect && chosen.length > 0 ? (
          <BulkBar
            chosen={chosen}
            classes={classesLoad.kind === 'ready' ? classesLoad.data.classes.filter((item) => item.archived_at === null) : []}
            classId={id}
            names={new Map(detail.students.map((student) => [student.id, student.name]))}
            onDone={roster.finish}
            onClear={roster.clear}
          />
        ) : null}
        {roster.outcome ? <BulkOutcomeMessage outcome={roster.outcome} /> : null}
        {detail.students.length === 0 ? (
          <p className="muted">No students yet. Give them the join code above, or the join link: they join when they register or from their profile.</p>
        ) : (
          <TutorTable
            columns={['Student', 'Status', 'Last active', 'Accuracy (30 days)']}
            actions
            leading={canSelect ? <SelectAllHeading label="Select every student in the class" checked={allChosen} onChange={() => roster.setSelected(allChosen ? new Set() : new Set(detail.students.map((student) => student.id)))} /> : null}
          >
            {detail.students.map((student) => (
              <tr key={student.id}>
                {canSelect ? <SelectCell name={student.name} checked={roster.selected.has(student.id)} onChange={() => roster.toggle(student.id)} /> : null}
                <StudentCell name={student.name} email={student.email} />
                <td data-label="Status">
                  <StatusBadge status={student.relationship_status} />
                </td>
                <td data-label="Last active">{student.practising_now ? <span className="tutor-practising">Practising now</span> : student.last_active ? formatWhen(student.last_active) : 'Never'}</td>
                <td data-label="Accuracy (30 days)">{student.answers_30d > 0 ? `${percent(student.accuracy)} of ${student.answers_30d}` : '—'}</td>
                <td>
                  {student.relationship_status === 'active' ? (
                    <div className="tutor-row-actions">
                      <ButtonLink to={`/tutor/students/${student.id}`} small>
                        Progress<span className="visually-hidden"> of {student.name}</span>
                      </ButtonLink>
                      <ButtonLink to={`/tutor/students/${student.id}/report`} small>
                        Report<span className="visually-hidden"> for {student.name}</span>
                      </ButtonLink>
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </TutorTable>
        )}
      </section>

      {isTutor ? <ClassSettings detail={detail} act={act} /> : null}
    </main>
  );
}

function WorkItem({ classId, assignment }: { classId: string; assignment: AssignmentSummary }) {
  const share = (n: number) => (assignment.students > 0 ? `${(n / assignment.students) * 100}%` : '0%');
  return (
    <li className="work-item">
      <div>
        <Link className="work-title" to={`/tutor/classes/${classId}/assignments/${assignment.id}`}>
          {assignment.title}
        </Link>
        <p className="work-meta">
          Due {formatDue(assignment.due_at, assignment.time_zone)} · {assignment.problem_count} {assignment.problem_count === 1 ? 'problem' : 'problems'} · {assignment.students}{' '}
          {assignment.students === 1 ? 'student' : 'students'}
          {assignment.average_score !== null ? ` · average score ${percent(assignment.average_score)}` : ''}
        </p>
      </div>
      <span className="work-meta">
        {assignment.done} of {assignment.students} done
      </span>
      <div className="work-bar" aria-hidden="true">
        <span className="done" style={{ width: share(assignment.done) }} />
        <span className="in-progress" style={{ width: share(assignment.in_progress) }} />
        <span className="overdue" style={{ width: share(assignment.overdue) }} />
      </div>
      <div className="work-counts">
        {(['done', 'in_progress', 'not_started', 'overdue'] as const).map((status) =>
          assignment[status] > 0 ? (
            <span key={status} className={`work-badge ${ASSIGNMENT_STATUS[status].className}`}>
              {assignment[status]} {ASSIGNMENT_STATUS[status].label.toLowerCase()}
            </span>
          ) : null,
        )}
      </div>
    </li>
  );
}

function ClassSettings({ detail, act }: { detail: ClassDetail; act: (work: () => Promise<string>) => Promise<void> }) {
  const [name, setName] = useState(detail.class.name);
  const [zone, setZone] = useState(detail.class.time_zone);
  const id = detail.class.id;
  const archived = detail.class.archived_at !== null;
  const save = (event: FormEvent) => {
    event.preventDefault();
    const changes = { ...(name.trim() !== detail.class.name ? { name } : {}), ...(zone !== detail.class.time_zone ? { time_zone: zone } : {}) };
    if (Object.keys(changes).length === 0) return;
    void act(async () => {
      await classesApi.update(id, changes);
      return 'Class saved.';
    });
  };
  return (
    <section className="card class-section" aria-labelledby="settings-heading">
      <h2 id="settings-heading">Class settings</h2>
      <form className="class-form class-settings" onSubmit={save} noValidate>
        <div className="field">
          <label htmlFor="class-settings-name">Name</label>
          <input id="class-settings-name" value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="class-settings-zone">Time zone</label>
          <select id="class-settings-zone" value={zone} onChange={(event) => setZone(event.target.value)}>
            <TimeZoneOptions />
          </select>
        </div>
        <button type="submit" className="button">
          Save
        </button>
      </form>
      <p className="field-hint">A new time zone applies to work set from now on.</p>
      <div className="button-row tutor-actions">
        {archived ? null : (
          <button
            type="button"
            className="button"
            onClick={() =>
              void act(async () => {
                const { join_code: code } = await classesApi.newCode(id);
                return `The new join code is ${code}. The old code no longer works; students already in the class stay.`;
              })
            }
          >
            New join code
          </button>
        )}
        <button
          type="button"
          className="button"
          onClick={() =>
            void act(async () => {
              if (archived) {
                await classesApi.restore(id);
                return 'The class is open again.';
              }
              await classesApi.archive(id);
              return 'The class is archived: nobody new can join and its work has left practice. Its results stay in the reports.';
            })
          }
        >
          {archived ? 'Restore class' : 'Archive class'}
        </button>
      </div>
    </section>
  );
}
