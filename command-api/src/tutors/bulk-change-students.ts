import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLASS_MESSAGES, DomainError, relationshipDecider, relationshipStreamId, type ClassActor } from '@mathdaily/domain';
import { commandMeta, laterPosition, type CommandApiDeps } from '../deps.ts';
import { handleCommand } from '../pipeline/handle-command.ts';
import { changeClass, classActor, loadClass, relationshipStatuses, studentIdsField } from './class-access.ts';
import { bulkResultResponse } from '@mathdaily/domain/api/tutoring';

const ACTION_MESSAGE = "Please choose what to do: 'activate', 'deactivate', 'move' or 'remove'.";
const CLASS_ID = z.string({ error: CLASS_MESSAGES.notFound }).uuid(CLASS_MESSAGES.notFound).transform((id) => id.toLowerCase());

const body = z.object({
  action: z.enum(['activate', 'deactivate', 'move', 'remove'], { error: ACTION_MESSAGE }),
  student_ids: studentIdsField('Please choose at least one student.'),
  /** move: the class they go to. */
  class_id: CLASS_ID.optional(),
  /** move: the class they leave (absent: they are added to the new one and stay where they were); remove: the class they leave. */
  from_class_id: CLASS_ID.optional(),
});

type Outcome = { student_id: string; ok: true } | { student_id: string; ok: false; code: string; message: string };

/**
 * POST /api/tutors/students/bulk {action, student_ids, class_id?, from_class_id?} (tutors) →
 * {results: [{student_id, ok, message?}], succeeded, failed, position}. One request, and one
 * command per student, each decided on its own stream as a single change would be: activate
 * (pending → active), deactivate (active → inactive), move (into `class_id`, out of
 * `from_class_id` when given), remove (out of `from_class_id`). A student it cannot do for is
 * reported with the reason and the others go ahead; a class that is not the tutor's (or is
 * archived, for a move) refuses the whole request.
 */
export function registerBulkChangeStudents(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/tutors/students/bulk', {
    schema: { body, tags: ['tutors'], response: { 200: bulkResultResponse } },
    config: { access: ['tutor'] },
    handler: async (request) => {
      const actor = classActor(request);
      const { action, student_ids: studentIds, class_id: to, from_class_id: from } = request.body;
      if (action === 'move' && !to) throw new DomainError('VALIDATION_FAILED', 'Please choose the class to move the students to.', { class_id: 'Please choose a class.' });
      if (action === 'remove' && !from) throw new DomainError('VALIDATION_FAILED', 'Please choose the class to remove the students from.', { from_class_id: 'Please choose a class.' });
      for (const classId of [to, from]) if (classId) await ownedOpenClass(deps, actor, classId, classId === to);
      if (to && to === from) throw new DomainError('CONFLICT', CLASS_MESSAGES.sameClass);

      const statuses = action === 'move' ? await relationshipStatuses(deps.store, actor.userId, studentIds) : {};
      const results: Outcome[] = [];
      const positions: (bigint | null)[] = [];
      for (const studentId of studentIds) {
        try {
          positions.push(...(await changeOne(request, deps, actor, { action, studentId, to, from, status: statuses[studentId] ?? null })));
          results.push({ student_id: studentId, ok: true });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          results.push({ student_id: studentId, ok: false, code: error.code, message: error.message });
        }
      }
      const succeeded = results.filter((result) => result.ok).length;
      return { results, succeeded, failed: results.length - succeeded, position: laterPosition(...positions) };
    },
  });
}

async function ownedOpenClass(deps: CommandApiDeps, actor: ClassActor, classId: string, mustBeOpen: boolean) {
  const state = await loadClass(deps.store, classId);
  if (state.tutorId !== actor.userId) throw new DomainError('NOT_FOUND', CLASS_MESSAGES.notFound);
  if (mustBeOpen && state.archived) throw new DomainError('CONFLICT', CLASS_MESSAGES.archived);
}

async function changeOne(
  request: FastifyRequest,
  deps: CommandApiDeps,
  actor: ClassActor,
  change: { action: z.infer<typeof body>['action']; studentId: string; to?: string | undefined; from?: string | undefined; status: 'active' | 'pending' | 'inactive' | null },
): Promise<(bigint | null)[]> {
  const { action, studentId, to, from } = change;
  if (action === 'activate' || action === 'deactivate') {
    const result = await handleCommand({
      store: deps.store,
      streamId: relationshipStreamId(actor.userId, studentId),
      decider: relationshipDecider,
      meta: commandMeta(request, deps),
      command: { type: 'ChangeRelationshipStatus', tutorId: actor.userId, studentId, to: action === 'activate' ? 'active' : 'inactive', changedBy: actor.userId },
    });
    return [result.position];
  }
  if (action === 'remove') return [(await changeClass(request, deps, from!, { type: 'RemoveStudent', actor, studentId })).position];
  // Into the new class first: a failure half-way leaves the student in both classes, never in neither.
  const added = await changeClass(request, deps, to!, { type: 'AddStudent', actor, studentId, status: change.status });
  const left = from ? await leave(changeClass(request, deps, from, { type: 'RemoveStudent', actor, studentId, toClassId: to! })) : null;
  return [added.position, left?.position ?? null];
}

/** Moving someone who was not in the class they are moved from simply adds them. */
async function leave<T>(removal: Promise<T>): Promise<T | null> {
  try {
    return await removal;
  } catch (error) {
    if (error instanceof DomainError && error.message === CLASS_MESSAGES.notInClass) return null;
    throw error;
  }
}
