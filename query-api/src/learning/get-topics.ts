import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import {
  getTopic,
  KNOWLEDGE_MODEL_PARAMETERS,
  missingPrerequisites,
  topics,
  topicPredictedSuccess,
  topicStatus,
  type LearnerKnowledge,
  type TopicKnowledge,
  type TopicProgress,
} from '@mathdaily/domain';
import type { QueryApiDeps } from '../deps.ts';
import { resolveLearner, userIdParams } from './learner-access.ts';

const learnerRow = z.object({ state: z.unknown() });
const topicRow = z.object({ topic_id: z.string(), answers: z.number(), mastered: z.boolean(), state: z.unknown() });

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * GET /api/learning/topics/{userId} → { data: { grade, strands } }: every topic of the catalogue
 * by strand (in curriculum order), each with the student's place on the knowledge map
 * (`topicStatus`: mastered, in_progress, ready — what it builds on is mastered —, not_ready, with
 * the prerequisites still missing), answers, and the knowledge model's predicted success on it now
 * (`topicPredictedSuccess`; a topic never practised is predicted from the student's overall
 * ability and the topic's difficulty). The progress page draws the map from it; the topic chooser
 * lists the topics of a grade with it. Read models ability_students and ability_student_topics.
 */
export function registerGetTopics(app: FastifyInstance, deps: QueryApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/learning/topics/:userId', {
    config: { access: 'authenticated' },
    schema: { tags: ['learning'], params: userIdParams },
    handler: async (request) => {
      const learner = await resolveLearner(request, deps, request.params.userId);
      const [student, rows] = await Promise.all([
        deps.pool.maybeOne(sql.type(learnerRow)`SELECT state FROM read_models.ability_students WHERE user_id = ${learner.userId}::uuid`),
        deps.pool.any(sql.type(topicRow)`
          SELECT topic_id, answers, mastered, state FROM read_models.ability_student_topics WHERE user_id = ${learner.userId}::uuid`),
      ]);
      const learnerState = (student?.state ?? undefined) as LearnerKnowledge | undefined;
      const byTopic = new Map(rows.map((row) => [row.topic_id, row]));
      const progress = new Map<string, TopicProgress>(rows.map((row) => [row.topic_id, { answers: row.answers, mastered: row.mastered }]));
      const strands: { strand: string; topics: unknown[] }[] = [];
      for (const topic of topics) {
        let strand = strands.find((entry) => entry.strand === topic.strand);
        if (!strand) strands.push((strand = { strand: topic.strand, topics: [] }));
        const row = byTopic.get(topic.id);
        strand.topics.push({
          topic_id: topic.id,
          name: topic.name,
          description: topic.description,
          grades: [topic.grades[0], topic.grades.at(-1)],
          status: topicStatus(topic.id, progress, learner.gradeLevel),
          missing_prerequisites: missingPrerequisites(topic.id, progress, learner.gradeLevel).map((id) => getTopic(id).name),
          answers: row?.answers ?? 0,
          mastered: row?.mastered ?? false,
          predicted_success: round3(
            topicPredictedSuccess(KNOWLEDGE_MODEL_PARAMETERS, learnerState, row?.state as TopicKnowledge | undefined, topic.id),
          ),
        });
      }
      return { data: { grade: learner.gradeLevel, strands } };
    },
  });
}
