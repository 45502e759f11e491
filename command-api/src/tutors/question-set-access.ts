import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import {
  foldEvents,
  questionSetDecider,
  questionSetStreamId,
  QUESTION_SET_MESSAGES,
  writtenProblem,
  type QuestionSetCommand,
  type QuestionSetState,
  type WrittenProblemInput,
} from '@mathdaily/domain';
import { commandMeta, positionOf, type CommandApiDeps } from '../deps.ts';
import { handleCommand } from '../pipeline/handle-command.ts';
import { labelField } from './label-field.ts';

/** Shared by the question-set commands: ids in paths, the acting tutor or admin, and the change itself. */

export const setParams = z.object({ id: z.string().uuid(QUESTION_SET_MESSAGES.notFound).transform((id) => id.toLowerCase()) });
export const questionParams = setParams.extend({
  problemId: z.string().uuid(QUESTION_SET_MESSAGES.questionNotInSet).transform((id) => id.toLowerCase()),
});
export const titleField = labelField(100, QUESTION_SET_MESSAGES.title);

export function actorOf(request: FastifyRequest) {
  const { userId, role } = principalOf(request);
  return { userId, role };
}

export async function loadQuestionSet(deps: CommandApiDeps, setId: string): Promise<QuestionSetState> {
  return foldEvents(questionSetDecider, (await deps.store.readStream(questionSetStreamId(setId))).events);
}

/**
 * One change to `question-set-{setId}`; with `problem`, the written question is checked first
 * (nothing is appended when it fails) and its ProblemCreated is appended in the same transaction.
 */
export async function changeQuestionSet(
  request: FastifyRequest,
  deps: CommandApiDeps,
  setId: string,
  command: QuestionSetCommand,
  problem?: { problemId: string; input: WrittenProblemInput },
) {
  const alongside = problem
    ? [{ streamId: `problem-${problem.problemId}`, facts: [{ type: 'ProblemCreated', data: writtenProblem(problem.input, { problemId: problem.problemId, setId }) }] }]
    : [];
  const result = await handleCommand({ store: deps.store, streamId: questionSetStreamId(setId), decider: questionSetDecider, meta: commandMeta(request, deps), command, alongside });
  return positionOf(result.position);
}
