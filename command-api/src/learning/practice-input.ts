import { z } from 'zod';
import { DomainError } from '@mathdaily/domain';
import { problemFieldsSchema, type Problem } from '@mathdaily/domain/problems/problem';
import type { EventStore } from '@mathdaily/event-store';

/** Shared by the practice commands (command-api/src/learning/*): ids in bodies and the problem a command is about. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID field with a message naming it. Lower-cased, so the same id is one stream and one row. */
export function uuidField(name: string) {
  const message = `${name} must be a UUID, e.g. 3f2b8c1e-5d4a-4b6c-8d7e-9f0a1b2c3d4e`;
  return z
    .string({ error: message })
    .regex(UUID, { error: message })
    .transform((value) => value.toLowerCase());
}

export type PracticeProblem = Problem & { id: string };

/**
 * The problem as its `problem-{id}` stream says (ProblemCreated): the command API never reads
 * read models. 404 when there is no such problem.
 */
export async function loadProblem(store: EventStore, problemId: string): Promise<PracticeProblem> {
  const stream = await store.readStream(`problem-${problemId}`);
  const created = stream.events.find((event) => event.type === 'ProblemCreated');
  if (!created) throw new DomainError('NOT_FOUND', `Problem ${problemId} was not found.`);
  return { ...problemFieldsSchema.parse(created.data), id: problemId };
}
