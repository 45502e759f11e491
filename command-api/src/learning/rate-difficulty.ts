import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type DifficultyRatedData } from '@mathdaily/domain';
import { positionOf, type CommandApiDeps } from '../deps.ts';
import { handlePracticeCommand, registerPracticeCommand, uuidField } from './practice-input.ts';
import { rateDifficultyResponse } from '@mathdaily/domain/api/learning';

const RATING_REQUIRED = 'Please rate the difficulty of this problem';
const RATING_RANGE = 'Rating must be a whole number from 1 to 5';

const body = z.object({
  attempt_id: uuidField('attempt_id'),
  rating: z
    .number({ error: (issue) => (issue.input === undefined ? RATING_REQUIRED : RATING_RANGE) })
    .int({ error: RATING_RANGE })
    .min(1, { error: RATING_RANGE })
    .max(5, { error: RATING_RANGE }),
  /** Optional: the attempt is found among the open sessions when absent. */
  session_id: uuidField('session_id').optional(),
});

/**
 * POST /api/learning/rate-difficulty (students): the 1-5 difficulty rating of an answer
 * (DifficultyRated), once. Only the ratings allowedRatings permits for that answer: correct 1-5,
 * correct with hint 3-5, incorrect 4-5; another → 400 naming the allowed ones. Twice → 409. An
 * attempt not found in an open session of the caller → 404.
 */
export function registerRateDifficulty(app: FastifyInstance, deps: CommandApiDeps) {
  registerPracticeCommand(app, '/api/learning/rate-difficulty', { body, response: rateDifficultyResponse }, async (request, userId) => {
    const { attempt_id: attemptId, rating, session_id: sessionId } = request.body;
    const result = await handlePracticeCommand(request, deps, userId, { type: 'RateDifficulty', data: { userId, attemptId, rating, ...(sessionId ? { sessionId } : {}) } });
    const rated = result.events[0]!.data as DifficultyRatedData;
    return {
      position: positionOf(result.position),
      data: { attempt_id: rated.attemptId, session_id: rated.sessionId, problem_id: rated.problemId, rating: rated.rating },
    };
  });
}
