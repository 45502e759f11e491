import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { allowedRatings, ratingNote, ratingRefusal, type AnswerSubmittedData } from '@mathdaily/domain';
import { EMPTY_ANSWER_MESSAGE } from '@mathdaily/domain/problems/check-answer';
import { positionOf, type CommandApiDeps } from '../deps.ts';
import { ANSWER_TOO_LONG, handlePracticeCommand, loadPracticeProblem, responseTimeField, uuidField } from './practice-input.ts';
import { submitAnswerResponse } from '@mathdaily/domain/api/learning';

const RATING_RANGE = 'difficulty_rating must be a whole number from 1 to 5';

/**
 * SPEC §3 attempt record. `is_correct` may be sent (the SPEC's client does) but is ignored: the
 * server checks the answer. `hints_used` 1 marks a hint as used (a HintOpened in the session
 * counts too). `difficulty_rating` is optional: applied in the same append when the rating rules
 * allow it for this answer, otherwise ignored with a note (rate afterwards with rate-difficulty).
 */
const body = z.object({
  problem_id: uuidField('problem_id'),
  session_id: uuidField('session_id'),
  user_answer: z
    .string({ error: EMPTY_ANSWER_MESSAGE })
    .trim()
    .min(1, { error: EMPTY_ANSWER_MESSAGE })
    .max(300, { error: ANSWER_TOO_LONG }),
  response_time_ms: responseTimeField,
  hints_used: z
    .union([z.literal(0), z.literal(1), z.boolean()], { error: 'hints_used must be 0 or 1' })
    .optional()
    .transform((value) => value === 1 || value === true),
  difficulty_rating: z
    .number({ error: RATING_RANGE })
    .int({ error: RATING_RANGE })
    .min(1, { error: RATING_RANGE })
    .max(5, { error: RATING_RANGE })
    .nullable()
    .optional(),
  is_correct: z.unknown().optional(),
});

/**
 * POST /api/learning/submit-answer (students, for themselves): loads the problem from its
 * `problem-{id}` stream and hands it with the answer to the practice decider, which checks the
 * answer and records AnswerSubmitted (and the rating when allowed) in `practice-{userId}`.
 * 404 unknown problem; 400 'Please enter an answer'; 422 UNREADABLE_ANSWER with the checker's
 * message when the answer cannot be read in the problem's answer form (nothing recorded);
 * 409 when the problem was already answered in this session or the session has ended.
 */
export function registerSubmitAnswer(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/learning/submit-answer', {
    // A practice-loop command: its append confirms the caller's principal instead of a read first.
    config: { access: ['student'], principalCheckedOnAppend: true },
    schema: { tags: ['learning'], body, response: { 201: submitAnswerResponse } },
    handler: async (request, reply) => {
      const userId = principalOf(request).userId;
      const input = request.body;
      const problem = await loadPracticeProblem(deps.store, input.problem_id);
      const attemptId = randomUUID();
      const rating = input.difficulty_rating ?? null;
      const result = await handlePracticeCommand(request, deps, userId, {
        type: 'SubmitAnswer',
        data: {
          attemptId,
          sessionId: input.session_id,
          userId,
          problem,
          userAnswer: input.user_answer,
          responseTimeMs: input.response_time_ms,
          hintUsed: input.hints_used,
          rating,
        },
      });
      const answer = result.events.find((event) => event.type === 'AnswerSubmitted')!.data as AnswerSubmittedData;
      const facts = { isCorrect: answer.isCorrect, hintUsed: answer.hintsUsed === 1 };
      const rated = result.events.some((event) => event.type === 'DifficultyRated');
      // A rating sent with the answer and left out by the decider: the rules did not allow it.
      const ratingIgnored = rating !== null && !rated ? ratingRefusal(facts, rating) : null;
      return reply.status(201).send({
        position: positionOf(result.position),
        data: {
          attempt_id: attemptId,
          session_id: answer.sessionId,
          problem_id: answer.problemId,
          is_correct: answer.isCorrect,
          user_answer: answer.userAnswer,
          correct_answer: problem.correct_answer,
          explanation: problem.explanation,
          hints_used: answer.hintsUsed,
          allowed_ratings: allowedRatings(facts),
          rating_note: ratingNote(facts),
          difficulty_rating: rated ? rating : null,
          ...(ratingIgnored ? { rating_ignored: ratingIgnored } : {}),
          ...(answer.feedback ? { message: answer.feedback } : {}),
        },
      });
    },
  });
}
