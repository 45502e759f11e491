import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import {
  getTopic,
  KNOWLEDGE_MODEL_PARAMETERS,
  missingPrerequisites,
  problemDifficultyPrior,
  topics,
  topicPredictedSuccess,
  topicStatus,
  unpractisedTopicSuccess,
  type TopicProgress,
} from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { problemCatalogueOf, type CatalogueView } from '../problems/problem-catalogue.ts';
import { registerLearnerQuery } from './learner-access.ts';
import { topicsResponse, type MapTopic } from '@mathdaily/domain/api/learning';

const learnerRow = tableRows.ability_students.pick({ state: true });
const topicRow = tableRows.ability_student_topics.pick({ topic_id: true, answers: true, mastered: true, state: true });

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The grade a focused session on the topic draws from (get-due-problems.ts): the student's when the topic is taught in it, else all of the topic's (null). */
const sessionGrade = (grades: readonly number[], grade: number | null) => (grade !== null && grades.includes(grade) ? grade : null);

/** The difficulties the due queue would use for a topic's shared-bank problems of a grade, or of all grades (grouped once per grade asked). */
function topicDifficulties(catalogue: CatalogueView) {
  const byGrade = new Map<number | null, Map<string, number[]>>();
  return (topicId: string, grade: number | null): readonly number[] => {
    let byTopic = byGrade.get(grade);
    if (!byTopic) {
      byGrade.set(grade, (byTopic = new Map()));
      for (const problem of catalogue.ofGrade(grade)) {
        const difficulty = catalogue.difficulty(problem.problem_id) ?? problemDifficultyPrior(KNOWLEDGE_MODEL_PARAMETERS, problem.difficulty_level);
        byTopic.get(problem.topic_id)?.push(difficulty) ?? byTopic.set(problem.topic_id, [difficulty]);
      }
    }
    return byTopic.get(topicId) ?? [];
  };
}

/**
 * GET /api/learning/topics/{userId} → { data: { grade, strands } }: every topic of the catalogue
 * by strand (in curriculum order), each with the student's place on the knowledge map
 * (`topicStatus`: mastered, in_progress, ready — what it builds on is mastered —, not_ready, with
 * the prerequisites still missing), answers, and the knowledge model's predicted success on it now
 * (`topicPredictedSuccess`, the figure the mastery rule reads; a topic never practised is predicted
 * over the problems a focused session on it would draw from (the student's grade when the topic is
 * taught in it, else all its grades), as the due queue predicts each:
 * `unpractisedTopicSuccess`). The progress page draws the map from it; the topic chooser
 * lists the topics of a grade with it. Read models ability_students and ability_student_topics.
 */
export function registerGetTopics(app: FastifyInstance, deps: QueryApiDeps) {
  registerLearnerQuery(app, deps, '/api/learning/topics/:userId', topicsResponse, async (learner) => {
    const [student, rows, catalogue] = await Promise.all([
      deps.pool.maybeOne(sql.type(learnerRow)`SELECT state FROM read_models.ability_students WHERE user_id = ${learner.userId}::uuid`),
      deps.pool.any(sql.type(topicRow)`
        SELECT topic_id, answers, mastered, state FROM read_models.ability_student_topics WHERE user_id = ${learner.userId}::uuid`),
      problemCatalogueOf(deps).latest(),
    ]);
    const difficultiesOf = topicDifficulties(catalogue);
    const learnerState = student?.state;
    const byTopic = new Map(rows.map((row) => [row.topic_id, row]));
    const progress = new Map<string, TopicProgress>(rows.map((row) => [row.topic_id, { answers: row.answers, mastered: row.mastered }]));
    const strands: { strand: string; topics: MapTopic[] }[] = [];
    for (const topic of topics) {
      let strand = strands.find((entry) => entry.strand === topic.strand);
      if (!strand) strands.push((strand = { strand: topic.strand, topics: [] }));
      const row = byTopic.get(topic.id);
      strand.topics.push({
        topic_id: topic.id,
        name: topic.name,
        description: topic.description,
        grades: [topic.grades[0]!, topic.grades.at(-1)!],
        status: topicStatus(topic.id, progress, learner.gradeLevel),
        missing_prerequisites: missingPrerequisites(topic.id, progress, learner.gradeLevel).map((id) => getTopic(id).name),
        answers: row?.answers ?? 0,
        mastered: row?.mastered ?? false,
        predicted_success: round3(
          row
            ? topicPredictedSuccess(KNOWLEDGE_MODEL_PARAMETERS, learnerState, row.state, topic.id)
            : unpractisedTopicSuccess(KNOWLEDGE_MODEL_PARAMETERS, learnerState, topic.id, difficultiesOf(topic.id, sessionGrade(topic.grades, learner.gradeLevel))),
        ),
      });
    }
    return { data: { grade: learner.gradeLevel, strands } };
  });
}
