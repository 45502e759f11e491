import { useId, useState } from 'react';
import { useAuth } from '../../auth/auth-store.ts';
import { Detail } from '../../components/detail.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { STATUS_LABEL, StrandSections, useTopics, type TopicOnMap } from '../progress/knowledge-map.tsx';
import { ButtonLink } from '../../components/button-link.tsx';
import './topics.css';

const GRADES = Array.from({ length: 12 }, (_, i) => i + 1);

/** What the student has done in a topic, in words. */
function masteryText(topic: TopicOnMap): string {
  if (topic.mastered) return 'Mastered';
  if (topic.answers === 0) return 'Not practised yet';
  return `${topic.answers} ${topic.answers === 1 ? 'answer' : 'answers'} so far`;
}

/**
 * /topics — practice by choice (Khan Academy, IXL): the topics of a grade (the student's by
 * default) by strand, each with the student's mastery, its place on the knowledge map and the
 * knowledge model's predicted success; 'Practise' opens a focused session on it (/learn?topic=),
 * which runs through the same events and read models as the daily session.
 */
export function TopicsPage() {
  useDocumentTitle('Choose a topic');
  const user = useAuth((state) => state.user);
  const { data, failed } = useTopics(user?.id);
  const [grade, setGrade] = useState<number | null>(null);
  const gradeId = useId();
  const shownGrade = grade ?? data?.grade ?? null;
  return (
    <main id="main" className="page topics-page">
      <header className="topics-header">
        <div>
          <h1>Choose a Topic</h1>
          <p className="muted">Practise one topic of your choice, beside your daily session.</p>
        </div>
        <div className="topics-grade">
          <label htmlFor={gradeId}>Grade</label>
          <select id={gradeId} value={shownGrade ?? ''} onChange={(event) => setGrade(Number(event.target.value))}>
            {shownGrade === null ? <option value="">Choose a grade</option> : null}
            {GRADES.map((g) => (
              <option key={g} value={g}>
                Grade {g}
              </option>
            ))}
          </select>
        </div>
      </header>
      {failed ? <p className="alert alert-error">The topics could not be loaded. Please try again.</p> : null}
      {!data && !failed ? <p className="muted" role="status">Loading the topics...</p> : null}
      {data ? (
        <StrandSections
          strands={data.strands}
          show={(topics) => topics.filter((topic) => shownGrade === null || (topic.grades[0] <= shownGrade && shownGrade <= topic.grades[1]))}
          className="topics-strand"
          idPrefix="strand"
          heading="h2"
        >
          {(topic) => (
            <li key={topic.topic_id} className={`card topic-card is-${topic.status}`} data-testid="topic-card">
              <h3>{topic.name}</h3>
              <p className="small muted">{topic.description}</p>
              <dl>
                <Detail term="Your mastery">{masteryText(topic)}</Detail>
                <Detail term="Status">{STATUS_LABEL[topic.status]}</Detail>
                <Detail term="Predicted success" testId="predicted-success">{Math.round(topic.predicted_success * 100)}%</Detail>
              </dl>
              {topic.status === 'not_ready' && topic.missing_prerequisites.length > 0 ? (
                <p className="small muted">Builds on {topic.missing_prerequisites.join(' and ')}.</p>
              ) : null}
              <ButtonLink to={`/learn?topic=${encodeURIComponent(topic.topic_id)}`} aria-label={`Practise ${topic.name}`} primary>
                Practise
              </ButtonLink>
            </li>
          )}
        </StrandSections>
      ) : null}
    </main>
  );
}
