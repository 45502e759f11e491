import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { principalOf } from '@mathdaily/api-kit';
import { DomainError, UUID_PATTERN } from '@mathdaily/domain';
import { tableRows } from '@mathdaily/projector/tables';
import type { QueryApiDeps } from '../deps.ts';
import { isLinkedParent } from '../families/family-access.ts';

/** Shared by the learning queries (query-api/src/learning/*): whose data, and may the caller see it. */

const USER_ID_MESSAGE = 'The user id must be a UUID, e.g. 3f2b8c1e-5d4a-4b6c-8d7e-9f0a1b2c3d4e';

export const userIdParams = z.object({
  userId: z
    .string({ error: USER_ID_MESSAGE })
    .regex(UUID_PATTERN, { error: USER_ID_MESSAGE })
    .transform((value) => value.toLowerCase()),
});

const OWN_DATA_ONLY = 'You can only view your own learning data.';
const PARENT_NOT_LINKED = 'You can see the learning of your linked children only, and this child is not linked to you.';
const TUTOR_NOT_ACTIVE_STUDENT = "Tutors can view the learning data of their active students only, and this student is not one of yours.";

/** Whether the student is an active student of the tutor (read model tutor_students). */
async function isActiveStudentOf(deps: QueryApiDeps, tutorId: string, studentId: string): Promise<boolean> {
  return deps.pool.exists(sql.unsafe`
    SELECT 1 FROM read_models.tutor_students
    WHERE tutor_id = ${tutorId}::uuid AND student_id = ${studentId}::uuid AND status = 'active'`);
}

export interface Learner {
  userId: string;
  role: string;
  gradeLevel: number | null;
  /** IANA time zone of the learner's calendar (streaks, "due today"); UTC by default. */
  timezone: string;
}

const profileRow = tableRows.learner_profiles.pick({ role: true, grade_level: true, timezone: true });

/**
 * Access rule of every learning query: users read their own data; admins anyone's; tutors their
 * ACTIVE students' (tutor_students; pending and deactivated students are refused with 403);
 * parents their linked children's (the parent's stream, at once: family-access.ts); others 403. Checked before existence, so a refused caller
 * learns nothing about which ids exist. Unknown user: 404 (your own id is never unknown: right
 * after registering, before the projector caught up, you read as a new learner).
 */
export async function resolveLearner(request: FastifyRequest, deps: QueryApiDeps, userId: string): Promise<Learner> {
  const { self } = await authorizeLearner(request, deps, userId);
  const row = await deps.pool.maybeOne(sql.type(profileRow)`
    SELECT role, grade_level, timezone FROM read_models.learner_profiles WHERE user_id = ${userId}::uuid`);
  if (!row) {
    if (self) return { userId, role: principalOf(request).role, gradeLevel: null, timezone: 'UTC' };
    throw unknownLearner(userId);
  }
  return { userId, role: row.role, gradeLevel: row.grade_level, timezone: row.timezone };
}

/**
 * GET `path` (/api/learning/…/:userId) for any signed-in caller, answered by `load` for the learner
 * the access rule lets them see (resolveLearner).
 */
export function registerLearnerQuery<Response extends z.ZodType>(
  app: FastifyInstance,
  deps: QueryApiDeps,
  path: `/api/learning/${string}/:userId`,
  response: Response,
  load: (learner: Learner) => Promise<z.output<Response>>,
) {
  // Typed by hand: fastify cannot resolve the reply type of a schema left generic; `load`'s type checks the reply.
  app.get<{ Params: z.output<typeof userIdParams> }>(path, {
    config: { access: 'authenticated' },
    schema: { tags: ['learning'], params: userIdParams, response: { 200: response } },
    handler: async (request) => load(await resolveLearner(request, deps, request.params.userId)),
  });
}

/**
 * The access half of resolveLearner, for a query that reads the learner's profile itself (the
 * due queue, in the same round trip as its data). The caller answers unknownLearner when the
 * profile is missing and the caller is not the learner (`self`).
 */
export async function authorizeLearner(request: FastifyRequest, deps: QueryApiDeps, userId: string): Promise<{ self: boolean }> {
  const principal = principalOf(request);
  const self = principal.userId.toLowerCase() === userId;
  if (!self && principal.role !== 'admin') {
    const allowed =
      (principal.role === 'tutor' && (await isActiveStudentOf(deps, principal.userId, userId))) ||
      (principal.role === 'parent' && (await isLinkedParent(request, deps, userId)));
    if (!allowed) throw new DomainError('FORBIDDEN', principal.role === 'tutor' ? TUTOR_NOT_ACTIVE_STUDENT : principal.role === 'parent' ? PARENT_NOT_LINKED : OWN_DATA_ONLY);
  }
  return { self };
}

export const unknownLearner = (userId: string) => new DomainError('NOT_FOUND', `No user with id ${userId} was found.`);
