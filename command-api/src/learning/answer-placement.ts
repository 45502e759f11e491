import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { MAX_PLACEMENT_QUESTIONS, type PlacementCompletedData, placementDecider, placementStreamId } from '@mathdaily/domain';
import { EMPTY_ANSWER_MESSAGE } from '@mathdaily/domain/problems/check-answer';
import { handleCommand } from '../pipeline/handle-command.ts';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { ANSWER_TOO_LONG, responseTimeField, uuidField } from './practice-input.ts';
import { answerPlacementResponse } from '@mathdaily/domain/api/learning';

const QUESTION = `question must be a whole number from 1 to ${MAX_PLACEMENT_QUESTIONS}`;

const body = z
  .object({
    placement_id: uuidField('placement_id'),
    question: z.number({ error: QUESTION }).int({ error: QUESTION }).min(1, { error: QUESTION }).max(MAX_PLACEMENT_QUESTIONS, { error: QUESTION }),
    user_answer: z.string({ error: EMPTY_ANSWER_MESSAGE }).trim().max(300, { error: ANSWER_TOO_LONG }).optional(),
    /** "I haven't learned this yet": a wrong answer with no text. */
    skipped: z.boolean({ error: 'skipped must be true or false' }).optional().default(false),
    response_time_ms: responseTimeField,
  })
  .refine((input) => input.skipped || (input.user_answer ?? '').length > 0, { error: EMPTY_ANSWER_MESSAGE, path: ['user_answer'] });

/**
 * POST /api/learning/placement/answer (students): answers the placement check's current question
 * (`question`, 1-based, so a second click is refused with 409 instead of answering the next one).
 * The decider generates the question again, checks the answer and records PlacementAnswerRecorded,
 * and PlacementCompleted when the estimate is settled or after the twelfth answer. 422
 * UNREADABLE_ANSWER with the checker's message when the answer cannot be read (nothing recorded:
 * a retry); 404 when no check with this id is in progress. Right or wrong is not told: the check
 * measures, it does not teach.
 */
export function registerAnswerPlacement(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/learning/placement/answer', {
    config: { access: ['student'] },
    schema: { tags: ['learning'], body, response: { 201: answerPlacementResponse } },
    handler: async (request, reply) => {
      const userId = principalOf(request).userId;
      const input = request.body;
      const result = await handleCommand({
        store: deps.store,
        streamId: placementStreamId(userId),
        decider: placementDecider,
        command: {
          type: 'AnswerPlacement',
          data: {
            userId,
            placementId: input.placement_id,
            question: input.question,
            userAnswer: input.user_answer ?? '',
            skipped: input.skipped,
            responseTimeMs: input.response_time_ms,
          },
        },
        meta: commandMeta(request, deps),
      });
      const completed = result.events.find((event) => event.type === 'PlacementCompleted')?.data as PlacementCompletedData | undefined;
      return reply.status(201).send({
        position: positionOf(result.position),
        data: { placement_id: input.placement_id, question: input.question, completed: completed !== undefined, grade: completed?.grade ?? null },
      });
    },
  });
}
