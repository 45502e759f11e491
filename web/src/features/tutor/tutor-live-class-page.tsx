import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { liveStatusOf, needsHelpOf, type LiveStatus, type NeedsHelp } from '@mathdaily/domain/tutoring/live-learner';
import { announce } from '../../components/announcer.tsx';
import { MathText } from '../../components/math-text.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useNow } from '../learn/use-now.ts';
import { percent, type LiveCard } from './classes-api.ts';
import { useLiveClass } from './live-class-feed.ts';
import './tutor.css';
import './classroom.css';
import './live-class.css';

const STATUS: Record<LiveStatus, { label: string; order: number }> = {
  practising: { label: 'Practising', order: 1 },
  idle: { label: 'Idle', order: 2 },
  not_started: { label: 'Not started today', order: 3 },
};

interface CardView {
  card: LiveCard;
  status: LiveStatus | null;
  help: NeedsHelp | null;
}

const helpText = (help: NeedsHelp) => (help.reason === 'misses' ? `${help.misses} wrong in a row` : `${help.minutes} min on one problem`);
const minutesSince = (at: string | null, now: number) => (at === null ? null : Math.max(0, Math.floor((now - Date.parse(at)) / 60_000)));

/**
 * /tutor/classes/:id/live: the live class view (IXL's Live Classroom). One card per student,
 * updated over the websocket within a second of an answer: practising now, idle or not started;
 * current topic; right and wrong this session; "needs help" after 3 misses in a row or 5 minutes
 * on one problem (judged every second on the server's clock with the domain's rule); and the
 * class's trouble spots today. Big screen mode makes the cards readable from the back of a room.
 */
export function TutorLiveClassPage() {
  const { id = '' } = useParams();
  const { snapshot, status, offsetMs } = useLiveClass(id);
  useDocumentTitle(snapshot ? `Live: ${snapshot.class.name}` : 'Live class');
  const now = useNow(1000) + offsetMs;
  const [big, setBig] = useState(false);

  const startOfToday = snapshot ? new Date(snapshot.start_of_today) : new Date(0);
  const views: CardView[] = (snapshot?.students ?? []).map((card) => ({
    card,
    status: card.live ? liveStatusOf(card.live, new Date(now), startOfToday) : null,
    help: card.live ? needsHelpOf(card.live, new Date(now)) : null,
  }));
  const rank = (view: CardView) => (view.help ? 0 : view.status ? STATUS[view.status].order : 4);
  const sorted = [...views].sort((a, b) => rank(a) - rank(b) || a.card.name.localeCompare(b.card.name, 'en-GB'));
  const count = (status: LiveStatus) => views.filter((view) => view.status === status).length;
  const helpCount = views.filter((view) => view.help).length;

  // Say it aloud when someone newly needs help.
  const flagged = useRef(new Set<string>());
  useEffect(() => {
    for (const view of views) {
      if (view.help && !flagged.current.has(view.card.id)) announce(`${view.card.name} needs help: ${helpText(view.help)}.`);
    }
    flagged.current = new Set(views.filter((view) => view.help).map((view) => view.card.id));
  });

  return (
    <main id="main" className={`page tutor-page live-class${big ? ' is-big' : ''}`}>
      <p className="small no-print">
        <Link to={`/tutor/classes/${id}`}>← {snapshot?.class.name ?? 'Class'}</Link>
      </p>
      <header className="live-class-head">
        <h1>
          Live: {snapshot?.class.name ?? '…'} <span className={`tutor-live tutor-live-${status === 'live' ? 'live' : status === 'connecting' ? 'connecting' : 'offline'}`}>{status === 'live' ? 'Live' : status === 'connecting' ? 'Connecting…' : status === 'not_found' ? 'Not found' : 'Offline'}</span>
        </h1>
        <ul className="live-counts" aria-label="Class now">
          <li className={helpCount > 0 ? 'is-help' : ''}>
            <strong>{helpCount}</strong> need help
          </li>
          <li>
            <strong>{count('practising')}</strong> practising
          </li>
          <li>
            <strong>{count('idle')}</strong> idle
          </li>
          <li>
            <strong>{count('not_started')}</strong> not started
          </li>
        </ul>
        <button type="button" className="button small" aria-pressed={big} onClick={() => setBig((value) => !value)}>
          {big ? 'Normal size' : 'Big screen'}
        </button>
      </header>

      {status === 'not_found' ? (
        <div className="alert alert-error" role="alert">
          We couldn't find this class. <Link to="/tutor/classes">Back to your classes</Link>
        </div>
      ) : null}
      {snapshot === null && status !== 'not_found' ? <p className="muted">Connecting to the class…</p> : null}

      {snapshot ? (
        <div className="live-layout">
          <section aria-labelledby="live-students-heading">
            <h2 id="live-students-heading" className="visually-hidden">
              Students
            </h2>
            {sorted.length === 0 ? <p className="muted">No students in this class yet.</p> : null}
            <ul className="live-cards">
              {sorted.map((view) => (
                <StudentCard key={view.card.id} view={view} now={now} />
              ))}
            </ul>
          </section>
          <aside className="card live-trouble" aria-labelledby="trouble-heading">
            <h2 id="trouble-heading">Trouble spots today</h2>
            {snapshot.trouble.topics.length === 0 ? <p className="muted">Nothing missed yet today.</p> : null}
            {snapshot.trouble.topics.length > 0 ? (
              <>
                <h3>Topics most missed</h3>
                <ol className="live-trouble-list">
                  {snapshot.trouble.topics.map((topic) => (
                    <li key={topic.topic}>
                      <span className="live-trouble-name">{topic.topic}</span>
                      <span className="muted small">
                        {topic.wrong} wrong of {topic.answers} · {topic.students} {topic.students === 1 ? 'student' : 'students'} · {percent(topic.accuracy)} right
                      </span>
                    </li>
                  ))}
                </ol>
              </>
            ) : null}
            {snapshot.trouble.problems.length > 0 ? (
              <>
                <h3>Problems most missed</h3>
                <ol className="live-trouble-list">
                  {snapshot.trouble.problems.map((problem) => (
                    <li key={problem.problem_id}>
                      <MathText text={problem.question} className="live-trouble-question" />
                      <span className="muted small">
                        {problem.topic} · {problem.students} {problem.students === 1 ? 'student' : 'students'} wrong ({problem.wrong} of {problem.answers} answers)
                      </span>
                    </li>
                  ))}
                </ol>
              </>
            ) : null}
          </aside>
        </div>
      ) : null}
    </main>
  );
}

function StudentCard({ view, now }: { view: CardView; now: number }) {
  const { card, status, help } = view;
  const live = card.live;
  const idleFor = minutesSince(live?.lastEventAt ?? null, now);
  const state = status === null ? 'inactive' : help ? 'help' : status;
  const line =
    status === null
      ? card.relationship_status === 'pending'
        ? 'Waiting for you to activate'
        : card.relationship_status === 'inactive'
          ? 'Deactivated: not followed'
          : 'Not linked to you'
      : status === 'practising'
        ? `Practising${live?.topic ? ` · ${live.topic}` : ''}`
        : status === 'idle'
          ? `Idle${idleFor !== null ? ` for ${idleFor} min` : ''}`
          : 'Not started today';
  return (
    <li className={`live-card live-state-${state}`}>
      <div className="live-card-top">
        <span className="live-dot" aria-hidden="true" />
        <span className="live-name" title={card.name}>
          {card.name}
        </span>
      </div>
      <p className="live-line">{line}</p>
      {live && status !== 'not_started' ? (
        <p className="live-score">
          <span className="live-right" title="Right this session">
            ✓ {live.right}
          </span>
          <span className="live-wrong" title="Wrong this session">
            ✗ {live.wrong}
          </span>
          {status === 'idle' && live.topic ? <span className="muted small">{live.topic}</span> : null}
        </p>
      ) : null}
      {help ? <p className="live-help">Needs help · {helpText(help)}</p> : null}
    </li>
  );
}
