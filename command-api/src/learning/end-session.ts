import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { accuracyPercent, practiceStreamId, sessionAchievements, sessionPerformance, type PracticeSessionEndedData } from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { handlePracticeCommand, registerPracticeCommand, uuidField } from './practice-input.ts';
import { endSessionResponse } from '@mathdaily/domain/api/learning';

const params = z.object({ session_id: uuidField('session_id') });

/**
 * POST /api/learning/sessions/{session_id}/end (students): ends a session (PracticeSessionEnded
 * with its counts, `sessionCounts`) and answers with the summary figures the server knows: problems
 * completed (first tries), correct answers (right first time), retries and problems right on a
 * retry, accuracy %, performance level and session achievements (SPEC §4). Ending it again records
 * nothing and answers the same summary (position null): also for a session the idle check ended.
 * No body needed.
 */
export function registerEndSession(app: FastifyInstance, deps: CommandApiDeps) {
  registerPracticeCommand(app, '/api/learning/sessions/:session_id/end', { params, response: endSessionResponse }, async (request, userId) => {
    const sessionId = request.params.session_id;
    const streamId = practiceStreamId(userId);
    const meta = commandMeta(request, deps);
    const result = await handlePracticeCommand(request, deps, userId, { type: 'EndSession', data: { userId, sessionId, at: meta.at.toISOString() } }, meta);
    let ended = result.events.find((event) => event.type === 'PracticeSessionEnded')?.data as PracticeSessionEndedData | undefined;
    if (!ended) {
      // Already ended: the summary recorded then.
      const stream = await deps.store.readStream(streamId);
      ended = stream.events
        .filter((event) => event.type === 'PracticeSessionEnded')
        .map((event) => event.data as PracticeSessionEndedData)
        .find((data) => data.sessionId === sessionId);
    }
    const completed = ended?.problemsCompleted ?? 0;
    const correct = ended?.correctAnswers ?? 0;
    const accuracy = accuracyPercent(correct, completed);
    return {
      position: positionOf(result.position),
      data: {
        session_id: sessionId,
        problems_completed: completed,
        correct_answers: correct,
        incorrect_answers: completed - correct,
        retries: ended?.retries ?? 0,
        correct_on_retry: ended?.correctOnRetry ?? 0,
        accuracy,
        performance: sessionPerformance(accuracy),
        achievements: sessionAchievements({ accuracy, completed }),
        ended_at: ended?.endedAt ?? null,
        reason: ended?.reason ?? null,
      },
    };
  });
}
