import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignmentTitleSchema,
  CLASS_MESSAGES,
  DomainError,
  findTopic,
  MAX_ASSIGNMENT_PROBLEMS,
  classDecider,
  type AssignmentSource,
  type RelationshipStatus,
} from '@mathdaily/domain';
import { laterPosition, type CommandApiDeps } from '../deps.ts';
import { loadProblem } from '../learning/practice-input.ts';
import { changeClass, classActor, classParams, loadClass, relationshipStatuses, studentIdsField } from './class-access.ts';
import { dueDateOf, dueFields } from './assignment-due.ts';
import { changeQuestionSet, loadQuestionSet } from './question-set-access.ts';
import { assignmentCreatedResponse } from '@mathdaily/domain/api/tutoring';

const PROBLEM_MESSAGE = 'Please choose problems from the problem bank.';
const uuid = z.string({ error: PROBLEM_MESSAGE }).uuid(PROBLEM_MESSAGE).transform((id) => id.toLowerCase());

const body = z.object({
  title: z.string({ error: CLASS_MESSAGES.assignmentTitle }).max(100, CLASS_MESSAGES.assignmentTitle).optional(),
  source: z.discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('topic'), topic_id: z.string().max(100), grade: z.number().int().min(1).max(12), difficulty: z.number().int().min(1).max(5).nullable().default(null) }),
      z.object({ kind: z.literal('problems') }),
      z.object({ kind: z.literal('question_set'), set_id: uuid }),
    ],
    { error: "Please choose where the problems come from: 'topic', 'problems' or 'question_set'." },
  ),
  problem_ids: z.array(uuid, { error: CLASS_MESSAGES.noProblems }).max(MAX_ASSIGNMENT_PROBLEMS, CLASS_MESSAGES.tooManyProblems).optional(),
  /** Absent: every active student of the class. */
  student_ids: studentIdsField(CLASS_MESSAGES.studentNotInClass).optional(),
  ...dueFields,
});

/**
 * POST /api/tutors/classes/{id}/assignments (the class's tutor) → 201 {id, title, student_ids,
 * due_at, position}. Problems from the bank (a topic's, or picked: `problem_ids`, bank problems
 * only) or a question set of the tutor's (its questions in order; students without the set are
 * given it first, so they may answer its private problems). Due at `due_date` `due_time` (23:59
 * when absent) in the class's time zone, after now. For the class's active students, or those in
 * `student_ids` (each must be in the class and active).
 */
export function registerCreateAssignment(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/tutors/classes/:id/assignments', {
    schema: { params: classParams, body, tags: ['tutors'], response: { 201: assignmentCreatedResponse } },
    config: { access: ['tutor'] },
    handler: async (request, reply) => {
      const classId = request.params.id;
      const actor = classActor(request);
      const input = request.body;
      const state = await loadClass(deps.store, classId);
      if (state.tutorId !== actor.userId) throw new DomainError('NOT_FOUND', CLASS_MESSAGES.notFound);
      const due = dueDateOf(input, state.timeZone);
      const statuses = await relationshipStatuses(deps.store, actor.userId, [...new Set([...state.members, ...(input.student_ids ?? [])])]);
      const studentIds = input.student_ids ?? state.members.filter((id) => statuses[id] === 'active');

      const { source, problemIds, setTitle } = await problemsOf(deps, actor.userId, input);
      const title = assignmentTitleSchema.safeParse(input.title ?? setTitle ?? defaultTitle(source, problemIds.length));
      if (!title.success) throw new DomainError('VALIDATION_FAILED', CLASS_MESSAGES.assignmentTitle, { title: CLASS_MESSAGES.assignmentTitle });
      const assignmentId = randomUUID();
      const command = { type: 'CreateAssignment', actor, assignmentId, title: title.data, source, problemIds, studentIds, statuses, due, now: deps.clock().toISOString() } as const;
      // Every refusal of the class (not its tutor's, archived, a student not in it or not active, a date passed) comes before the set is given to anyone.
      classDecider.decide(command, state);
      const given = source.kind === 'question_set' && studentIds.length > 0 ? await giveSet(request, deps, source.setId, studentIds, statuses) : null;
      const result = await changeClass(request, deps, classId, command);
      const data = result.events[0]!.data as { studentIds: string[]; dueAt: string };
      return reply.status(201).send({ id: assignmentId, title: title.data, student_ids: data.studentIds, due_at: data.dueAt, position: laterPosition(given === null ? null : BigInt(given), result.position) });
    },
  });
}

async function problemsOf(deps: CommandApiDeps, tutorId: string, input: z.infer<typeof body>): Promise<{ source: AssignmentSource; problemIds: string[]; setTitle: string | null }> {
  if (input.source.kind === 'question_set') {
    const set = await loadQuestionSet(deps, input.source.set_id);
    if (set.tutorId !== tutorId) throw new DomainError('NOT_FOUND', "We couldn't find this question set.");
    if (set.problemIds.length === 0) throw new DomainError('CONFLICT', 'Add at least one question before assigning this set.');
    return { source: { kind: 'question_set', setId: input.source.set_id }, problemIds: set.problemIds, setTitle: null };
  }
  const problemIds = [...new Set(input.problem_ids ?? [])];
  if (problemIds.length === 0) throw new DomainError('VALIDATION_FAILED', CLASS_MESSAGES.noProblems, { problem_ids: CLASS_MESSAGES.noProblems });
  const problems = await Promise.all(problemIds.map((id) => loadProblem(deps.store, id).catch(() => null)));
  // A question set's problems are private: they go to students with their set, never one by one.
  if (problems.some((problem) => problem === null || problem.setId !== null)) throw new DomainError('VALIDATION_FAILED', PROBLEM_MESSAGE, { problem_ids: PROBLEM_MESSAGE });
  if (input.source.kind === 'topic') {
    const topic = findTopic(input.source.topic_id);
    if (!topic) throw new DomainError('VALIDATION_FAILED', 'Please choose a topic from the list.', { topic_id: 'Please choose a topic from the list.' });
    return { source: { kind: 'topic', topicId: topic.id, grade: input.source.grade, difficulty: input.source.difficulty }, problemIds, setTitle: null };
  }
  return { source: { kind: 'problems' }, problemIds, setTitle: null };
}

function defaultTitle(source: AssignmentSource, count: number): string {
  const problems = `${count} ${count === 1 ? 'problem' : 'problems'}`;
  return source.kind === 'topic' ? `${findTopic(source.topicId)?.name ?? 'Practice'} · ${problems}` : `Practice · ${problems}`;
}

/** The set given to the assignment's students who lack it (the question-set decider skips those who have it). */
async function giveSet(request: Parameters<typeof changeQuestionSet>[0], deps: CommandApiDeps, setId: string, studentIds: readonly string[], statuses: Record<string, RelationshipStatus | null>) {
  const students = studentIds.map((studentId) => ({ studentId, status: statuses[studentId] ?? null }));
  return changeQuestionSet(request, deps, setId, { type: 'AssignQuestionSet', actor: classActor(request), students });
}
