import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { positionOf, type CommandApiDeps } from '../deps.ts';
import { handlePracticeCommand, loadPracticeProblem, registerPracticeCommand, uuidField } from './practice-input.ts';
import { openHintResponse } from '@mathdaily/domain/api/learning';

const body = z.object({ session_id: uuidField('session_id'), problem_id: uuidField('problem_id') });

/**
 * POST /api/learning/hints (students): opens a problem's hint in a session (HintOpened) and
 * answers with the hint text. The practice queue does not send hints, so a hint seen is a hint
 * recorded: the answer that follows counts as "with hint" (FSRS Hard, ratings 3-5). Opening the
 * same hint again records nothing and answers the same; after the problem was answered in the
 * session: 409. Unknown problem: 404.
 */
export function registerOpenHint(app: FastifyInstance, deps: CommandApiDeps) {
  registerPracticeCommand(app, '/api/learning/hints', { body, response: openHintResponse }, async (request, userId) => {
    const { session_id: sessionId, problem_id: problemId } = request.body;
    const problem = await loadPracticeProblem(deps.store, problemId);
    const result = await handlePracticeCommand(request, deps, userId, { type: 'OpenHint', data: { userId, sessionId, problemId, setHolders: problem.setHolders } });
    return { position: positionOf(result.position), data: { session_id: sessionId, problem_id: problemId, hint: problem.hint, hints_used: 1 } };
  });
}
