import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalCheckOf, principalOf } from '@mathdaily/api-kit';
import { DomainError, practiceDecider, practiceStreamId, questionSetDecider, questionSetStreamId, UUID_PATTERN, type PracticeCommand, type QuestionSetHolders } from '@mathdaily/domain';
import { problemFieldsSchema, type Problem } from '@mathdaily/domain/problems/problem';
import { LruMap, streamStateCacheOf, type EventStore } from '@mathdaily/event-store';
import { commandMeta, type CommandApiDeps } from '../deps.ts';
import { handleCommand } from '../pipeline/handle-command.ts';

/** Shared by the practice and placement commands (command-api/src/learning/*): ids, answers and times in bodies, and the problem a command is about. */

/** A UUID field with a message naming it. Lower-cased, so the same id is one stream and one row. */
export function uuidField(name: string) {
  const message = `${name} must be a UUID, e.g. 3f2b8c1e-5d4a-4b6c-8d7e-9f0a1b2c3d4e`;
  return z
    .string({ error: message })
    .regex(UUID_PATTERN, { error: message })
    .transform((value) => value.toLowerCase());
}

export const ANSWER_TOO_LONG = 'That answer is too long. Please enter just the answer.';

/** How long the student took, in whole milliseconds (at most a day). */
export const responseTimeField = z
  .number({ error: 'response_time_ms must be a number of milliseconds' })
  .min(0, { error: 'response_time_ms cannot be negative' })
  .max(86_400_000, { error: 'response_time_ms must be at most 86400000 (a day)' })
  .transform((ms) => Math.round(ms));

/** `setId`: the tutor's question set the problem belongs to, null for a bank problem. */
export type PracticeProblem = Problem & { id: string; setId: string | null };

/** Problems kept per store: the whole bank (3,060 problems today) and room to grow. */
const PROBLEM_CACHE_LIMIT = 10_000;
const problemCaches = new WeakMap<EventStore, LruMap<string, PracticeProblem>>();

/**
 * The problem as its `problem-{id}` stream says (ProblemCreated): the command API never reads
 * read models. A problem never changes once created, so it is read and parsed once per store
 * (a problem not found is not remembered: it may be created later). 404 when there is no such problem.
 */
export async function loadProblem(store: EventStore, problemId: string): Promise<PracticeProblem> {
  let cache = problemCaches.get(store);
  if (!cache) problemCaches.set(store, (cache = new LruMap(PROBLEM_CACHE_LIMIT)));
  const cached = cache.get(problemId);
  if (cached) return cached;
  const stream = await store.readStream(`problem-${problemId}`);
  const created = stream.events.find((event) => event.type === 'ProblemCreated');
  if (!created) throw new DomainError('NOT_FOUND', `Problem ${problemId} was not found.`);
  const setId = (created.data as { question_set_id?: string }).question_set_id ?? null;
  const problem: PracticeProblem = { ...problemFieldsSchema.parse(created.data), id: problemId, setId };
  cache.set(problemId, problem);
  return problem;
}

/**
 * The problem with, for a question-set problem, who holds its set now (read from its stream, so
 * a set taken back counts at once): the practice decider lets only those students practise it.
 */
export async function loadPracticeProblem(store: EventStore, problemId: string): Promise<PracticeProblem & { setHolders: QuestionSetHolders | null }> {
  const problem = await loadProblem(store, problemId);
  if (problem.setId === null) return { ...problem, setHolders: null };
  const { state } = await streamStateCacheOf(store).catchUp(questionSetStreamId(problem.setId), questionSetDecider);
  return { ...problem, setHolders: { tutorId: state.tutorId, assigned: state.assigned } };
}

/** A practice command on the caller's practice stream, appended only while their sign-in still holds (principalCheckedOnAppend). */
export const handlePracticeCommand = (request: FastifyRequest, deps: CommandApiDeps, userId: string, command: PracticeCommand, meta = commandMeta(request, deps)) =>
  handleCommand({ store: deps.store, streamId: practiceStreamId(userId), decider: practiceDecider, command, meta, principal: principalCheckOf(request) });

/**
 * POST `path` for students: a practice-loop command answered with 200, `run` given the request and
 * the caller's id. Its append confirms the caller's principal instead of a read first.
 */
export function registerPracticeCommand<Params extends z.ZodType, Body extends z.ZodType, Response extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  schema: { params?: Params; body?: Body; response: Response },
  run: (request: FastifyRequest<{ Params: z.output<Params>; Body: z.output<Body> }>, userId: string) => Promise<z.output<Response>>,
) {
  // Typed by hand: fastify cannot resolve the types of schemas left generic; `run`'s type checks the reply.
  app.post<{ Params: z.output<Params>; Body: z.output<Body> }>(path, {
    config: { access: ['student'], principalCheckedOnAppend: true },
    schema: { tags: ['learning'], ...(schema.params ? { params: schema.params } : {}), ...(schema.body ? { body: schema.body } : {}), response: { 200: schema.response } },
    handler: async (request) => run(request, principalOf(request).userId),
  });
}
