import { useEffect, useState, type ReactNode } from 'react';
import type { MapTopic, TopicsResponse } from '@mathdaily/domain/api/learning';
import { api } from '../../api/client.ts';

/** GET /api/learning/topics/{userId} (query-api/src/learning/get-topics.ts). */
type KnowledgeMapData = TopicsResponse['data'];
export type TopicOnMap = MapTopic;

async function fetchTopics(userId: string, signal?: AbortSignal): Promise<KnowledgeMapData> {
  const body = await api.get<TopicsResponse>(`/api/learning/topics/${encodeURIComponent(userId)}`, signal ? { signal } : {});
  return body.data;
}

/** The map's (and the topic chooser's) own request, so the rest of the page never waits for it. */
export function useTopics(userId: string | undefined): { data: KnowledgeMapData | null; failed: boolean } {
  const [state, setState] = useState<{ data: KnowledgeMapData | null; failed: boolean }>({ data: null, failed: false });
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    fetchTopics(userId, controller.signal).then(
      (data) => setState({ data, failed: false }),
      (error) => {
        if (controller.signal.aborted) return;
        console.warn('Failed to load the knowledge map', error);
        setState({ data: null, failed: true });
      },
    );
    return () => controller.abort();
  }, [userId]);
  return state;
}

export const STATUS_LABEL: Record<TopicOnMap['status'], string> = {
  mastered: 'Mastered',
  in_progress: 'In progress',
  ready: 'Ready to learn',
  not_ready: 'Not yet ready',
};

const STRAND_NAME: Record<string, string> = {
  number: 'Number',
  measurement: 'Measurement',
  geometry: 'Geometry',
  algebra: 'Algebra',
  statistics: 'Statistics',
  probability: 'Probability',
  calculus: 'Calculus',
};

/** Topics of the student's grade, and any they have practised: the map of where they are now. */
const topicsForGrade = (topics: readonly TopicOnMap[], grade: number | null): TopicOnMap[] =>
  topics.filter((topic) => grade === null || topic.answers > 0 || (topic.grades[0] <= grade && grade <= topic.grades[1]));

/**
 * The knowledge map on the progress page (ALEKS's pie, as a list): per strand, the topics of the
 * student's grade as mastered, in progress, ready to learn (what they build on is mastered) or
 * not yet ready (naming what to learn first). Status is written out, never colour alone.
 */
export function KnowledgeMap({ userId }: { userId: string }) {
  const { data, failed } = useTopics(userId);
  return (
    <section className="card progress-map" aria-labelledby="progress-map-heading" data-testid="knowledge-map">
      <h2 id="progress-map-heading">Knowledge Map</h2>
      {failed ? <p className="muted">The knowledge map could not be loaded. Refresh the page to try again.</p> : null}
      {!data && !failed ? <p className="muted">Loading the knowledge map...</p> : null}
      {data ? (
        <div className="progress-map-strands">
          <StrandSections strands={data.strands} show={(topics) => topicsForGrade(topics, data.grade)} className="progress-map-strand" idPrefix="map" heading="h3">
            {(topic) => (
              <li key={topic.topic_id} className={`map-topic is-${topic.status}`} data-testid="map-topic" data-status={topic.status}>
                <span className="map-topic-name">{topic.name}</span>
                <span className="map-topic-status">{STATUS_LABEL[topic.status]}</span>
                {topic.status === 'not_ready' && topic.missing_prerequisites.length > 0 ? (
                  <span className="map-topic-note small muted">Learn {topic.missing_prerequisites.join(' and ')} first</span>
                ) : null}
              </li>
            )}
          </StrandSections>
        </div>
      ) : null}
    </section>
  );
}

interface StrandSectionsProps {
  strands: { strand: string; topics: TopicOnMap[] }[];
  /** The strand's topics to list; a strand with none is left out. */
  show(topics: readonly TopicOnMap[]): TopicOnMap[];
  className: string;
  idPrefix: string;
  heading: 'h2' | 'h3';
  /** A topic's list item. */
  children(topic: TopicOnMap): ReactNode;
}

/** The topics strand by strand (number, algebra…): a heading and a list for each (the map, the topics page). */
export function StrandSections({ strands, show, className, idPrefix, heading: Heading, children }: StrandSectionsProps) {
  return strands.map(({ strand, topics }) => {
    const shown = show(topics);
    if (shown.length === 0) return null;
    return (
      <section key={strand} className={className} aria-labelledby={`${idPrefix}-${strand}`}>
        <Heading id={`${idPrefix}-${strand}`}>{STRAND_NAME[strand] ?? strand}</Heading>
        <ul>{shown.map(children)}</ul>
      </section>
    );
  });
}
