import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { foldEvents, QUESTION_SET_MESSAGES, relationshipDecider, relationshipStreamId } from '@mathdaily/domain';
import type { CommandApiDeps } from '../deps.ts';
import { actorOf, changeQuestionSet, loadQuestionSet, setParams } from './question-set-access.ts';
import { questionSetAssignedResponse } from '@mathdaily/domain/api/tutoring';

/** A class at most: one request reads each chosen student's relationship stream. */
const MAX_STUDENTS = 200;

/**
 * POST /api/tutors/question-sets/{id}/assignments {student_ids} (the set's tutor or an admin) →
 * {assigned, position}. Only the set tutor's active students: someone else's student → 403, a
 * pending or inactive one → 409, an empty set → 409. Students who have the set already are
 * skipped. The set's problems then enter each student's practice queue (before generated new ones).
 */
export function registerAssignQuestionSet(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/tutors/question-sets/:id/assignments', {
    schema: {
      response: { 200: questionSetAssignedResponse },
      params: setParams,
      body: z.object({
        student_ids: z
          .array(z.string().uuid(QUESTION_SET_MESSAGES.noStudents).transform((id) => id.toLowerCase()), { error: QUESTION_SET_MESSAGES.noStudents })
          .min(1, QUESTION_SET_MESSAGES.noStudents)
          .max(MAX_STUDENTS, `Please choose at most ${MAX_STUDENTS} students at once.`),
      }),
      tags: ['tutors'],
    },
    config: { access: ['tutor', 'admin'] },
    handler: async (request) => {
      const { id } = request.params;
      const actor = actorOf(request);
      // The relationships are the set tutor's (an admin acts for them); a set the caller may not see decides nothing here.
      const tutorId = actor.role === 'admin' ? ((await loadQuestionSet(deps, id)).tutorId ?? actor.userId) : actor.userId;
      const studentIds = [...new Set(request.body.student_ids)];
      const streams = await deps.store.readStreams(studentIds.map((studentId) => ({ streamId: relationshipStreamId(tutorId, studentId) })));
      const students = studentIds.map((studentId, index) => ({ studentId, status: foldEvents(relationshipDecider, streams[index]!.events).status }));
      const position = await changeQuestionSet(request, deps, id, { type: 'AssignQuestionSet', actor, students });
      return { assigned: studentIds, position };
    },
  });
}
