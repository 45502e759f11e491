import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { DomainError, MAX_PLANNED_PROBLEMS, sessionModes } from '@mathdaily/domain';
import { findTopic } from '@mathdaily/domain/problems/topics';
import { positionOf, type CommandApiDeps } from '../deps.ts';
import { handlePracticeCommand, loadProblem, uuidField } from './practice-input.ts';
import { startSessionResponse } from '@mathdaily/domain/api/learning';

const MODES = `mode must be one of: ${sessionModes.join(', ')}`;

/** The plan's problems, each a UUID, at most MAX_PLANNED_PROBLEMS. */
export const problemIdsField = z
  .array(uuidField('each of problem_ids'), { error: 'problem_ids must be a list of problem ids' })
  .max(MAX_PLANNED_PROBLEMS, { error: `A practice session holds at most ${MAX_PLANNED_PROBLEMS} problems.` });

const body = z.object({
  session_id: uuidField('session_id'),
  mode: z.enum(sessionModes, { error: MODES }).optional(),
  topic_id: z.string({ error: 'topic_id must be a topic id such as fractions' }).max(100).nullable().optional(),
  problem_ids: problemIdsField.optional(),
});

/** Every planned problem exists (404 naming the first that does not): a plan never points at nothing. */
export async function assertProblemsExist(deps: CommandApiDeps, problemIds: readonly string[]): Promise<void> {
  await Promise.all(problemIds.map((problemId) => loadProblem(deps.store, problemId)));
}

/**
 * POST /api/learning/sessions (students) {session_id, mode?, topic_id?, problem_ids?}: starts a
 * practice session with the client's random id and its plan (PracticeSessionStarted): the daily
 * mix (default), one topic (`topic_id` required) or the problems missed in a session ('again'),
 * `problem_ids` in the order they are asked (from the due queue or the topic queue). The plan is
 * what lets a reload, another tab or another device continue at the same problem. Starting an
 * open session again is harmless (nothing new is recorded, position null); an ended session's id
 * → 409; an unknown topic 400, an unknown problem 404.
 */
export function registerStartSession(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/learning/sessions', {
    config: { access: ['student'], principalCheckedOnAppend: true },
    schema: { tags: ['learning'], body, response: { 200: startSessionResponse, 201: startSessionResponse } },
    handler: async (request, reply) => {
      const userId = principalOf(request).userId;
      const { session_id: sessionId, mode = 'daily', problem_ids: problemIds = [] } = request.body;
      let topicId: string | null = null;
      if (request.body.topic_id != null) {
        const topic = findTopic(request.body.topic_id);
        if (!topic) throw new DomainError('VALIDATION_FAILED', `Unknown topic '${request.body.topic_id}'.`, { topic_id: `Unknown topic '${request.body.topic_id}'.` });
        topicId = topic.id;
      }
      await assertProblemsExist(deps, problemIds);
      const result = await handlePracticeCommand(request, deps, userId, { type: 'StartSession', data: { userId, sessionId, mode, topicId, problemIds } });
      return reply.status(result.events.length > 0 ? 201 : 200).send({ position: positionOf(result.position), data: { session_id: sessionId } });
    },
  });
}
