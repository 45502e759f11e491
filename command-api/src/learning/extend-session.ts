import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { positionOf, type CommandApiDeps } from '../deps.ts';
import { handlePracticeCommand, registerPracticeCommand, uuidField } from './practice-input.ts';
import { assertProblemsExist, problemIdsField } from './start-session.ts';
import { extendSessionResponse } from '@mathdaily/domain/api/learning';

const params = z.object({ session_id: uuidField('session_id') });
const body = z.object({ problem_ids: problemIdsField.min(1, { error: 'problem_ids must name at least one problem' }) });

/**
 * POST /api/learning/sessions/{session_id}/extend {problem_ids} (students): "Keep going" — more
 * problems at the end of an open session's plan (PracticeSessionExtended; those already planned
 * are left out, and nothing is recorded when none is new). 404 when the session is not open, 409
 * when it ended, 400 past 20 problems in all.
 */
export function registerExtendSession(app: FastifyInstance, deps: CommandApiDeps) {
  registerPracticeCommand(app, '/api/learning/sessions/:session_id/extend', { params, body, response: extendSessionResponse }, async (request, userId) => {
    const sessionId = request.params.session_id;
    const problemIds = request.body.problem_ids;
    await assertProblemsExist(deps, problemIds);
    const result = await handlePracticeCommand(request, deps, userId, { type: 'ExtendSession', data: { userId, sessionId, problemIds } });
    const added = result.events.flatMap((event) => (event.type === 'PracticeSessionExtended' ? event.data.problemIds : []));
    return { position: positionOf(result.position), data: { session_id: sessionId, added } };
  });
}
