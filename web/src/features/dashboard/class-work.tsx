import { useCallback } from 'react';
import { useLoad } from '../../components/use-load.ts';
import { ASSIGNMENT_STATUS, classesApi, formatDue, percent, type MyWork } from '../tutor/classes-api.ts';
import { ButtonLink } from '../../components/button-link.tsx';

/**
 * The student dashboard's 'Work from your teacher': what their classes' teachers set, unfinished
 * soonest due first (due in the class's time zone), then what they finished this week with its
 * score. Nothing when they are in no class; a line inviting them to join one is on the profile.
 */
export function ClassWork() {
  const { load } = useLoad(useCallback((signal: AbortSignal) => classesApi.mine(signal), []));
  if (load.kind !== 'ready' || load.data.classes.length === 0) return null;
  const { classes, assignments } = load.data;
  return (
    <section aria-labelledby="class-work-heading" className="card dashboard-section class-work">
      <h2 id="class-work-heading">Work from your teacher</h2>
      <p className="muted">
        {classes.map((item) => `${item.name} (${item.tutor_name})`).join(' · ')}
      </p>
      {assignments.length === 0 ? (
        <p>Nothing set right now. Keep practising: your teacher sees how you get on.</p>
      ) : (
        <ul className="class-work-list">
          {assignments.map((work) => (
            <WorkRow key={work.id} work={work} />
          ))}
        </ul>
      )}
      {assignments.some((work) => work.status !== 'done') ? (
        <ButtonLink to="/learn" primary>Start Practice</ButtonLink>
      ) : null}
    </section>
  );
}

function WorkRow({ work }: { work: MyWork['assignments'][number] }) {
  const status = ASSIGNMENT_STATUS[work.status];
  return (
    <li className="class-work-item">
      <div>
        <span className="class-work-title">{work.title}</span>
        <span className="muted small">
          {work.class_name} · due {formatDue(work.due_at, work.time_zone)}
        </span>
      </div>
      <span className="class-work-progress">
        {work.status === 'done' ? `${work.correct} of ${work.total} right` : `${work.answered} of ${work.total} answered`}
      </span>
      <span className={`work-badge ${status.className}`}>
        {status.label}
        {work.status === 'done' ? ` (${percent(work.score)})` : ''}
      </span>
    </li>
  );
}
