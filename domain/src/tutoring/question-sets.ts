import { z } from 'zod';
import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import { uncheckableAnswerReason } from '../problems/check-answer.ts';
import type { ProblemCreatedData } from '../problems/events.ts';
import { problemFieldsSchema, problemSchema } from '../problems/problem.ts';
import { findTopic } from '../problems/topics.ts';
import type { QuestionSetEvent } from './events.ts';
import type { RelationshipStatus } from './relationship-decider.ts';

export const QUESTION_SET_MESSAGES = {
  title: 'Please give the set a title (up to 100 characters).',
  notFound: "We couldn't find this question set.",
  alreadyExists: 'This question set exists already.',
  tooManyQuestions: (max: number) => `A set holds at most ${max} questions.`,
  questionNotInSet: 'This question is not in the set.',
  emptySet: 'Add at least one question before assigning this set.',
  noStudents: 'Please choose at least one student.',
  notYourStudent: 'Only your own students can be given a question set.',
  notActive: 'Only active students can be given a question set. Activate the student first.',
  notAssigned: 'This student does not have this question set.',
  unknownTopic: (topic: string) => `Unknown topic '${topic}'. Please choose a topic from the list.`,
  topicGrade: (topic: string, from: number, to: number) => `Topic '${topic}' is practised in ${from === to ? `grade ${from}` : `grades ${from}-${to}`}.`,
} as const;

const MAX_QUESTIONS_PER_SET = 100;

/**
 * What a tutor writes for one question: the fields of a generated problem, without what the
 * server fills in (the topic's name comes from the catalog; a written problem has no template or
 * seed). The cross-field rules and the answer check run in `writtenProblem`.
 */
export const writtenProblemInputSchema = problemFieldsSchema
  .omit({ topic: true, template_id: true, seed: true, answer_options: true })
  .extend({ answer_options: problemFieldsSchema.shape.answer_options.default(null) });
export type WrittenProblemInput = z.infer<typeof writtenProblemInputSchema>;

/**
 * The ProblemCreated data of a tutor's question, or a refusal naming the field: the topic must be
 * in the catalog and practised in the grade, the problem must pass the same rules as a generated
 * one (problemSchema), and its correct answer must pass `checkAnswer` in its declared form
 * (422 otherwise), so a set never holds an answer no student could match.
 */
export function writtenProblem(input: WrittenProblemInput, ids: { problemId: string; setId: string }): ProblemCreatedData {
  const topic = findTopic(input.topic_id);
  if (!topic) throw new DomainError('VALIDATION_FAILED', QUESTION_SET_MESSAGES.unknownTopic(input.topic_id), { topic_id: QUESTION_SET_MESSAGES.unknownTopic(input.topic_id) });
  if (!topic.grades.includes(input.grade)) {
    const message = QUESTION_SET_MESSAGES.topicGrade(topic.name, topic.grades[0]!, topic.grades.at(-1)!);
    throw new DomainError('VALIDATION_FAILED', message, { grade: message });
  }
  const problem = { ...input, topic: topic.name, topic_id: topic.id, template_id: null, seed: null };
  const checked = problemSchema.safeParse(problem);
  if (!checked.success) {
    const fields = Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
    throw new DomainError('VALIDATION_FAILED', checked.error.issues[0]!.message, fields);
  }
  const reason = uncheckableAnswerReason(checked.data);
  if (reason) throw new DomainError('UNREADABLE_ANSWER', reason, { correct_answer: reason });
  return { ...checked.data, problem_id: ids.problemId, source: 'tutor', question_set_id: ids.setId };
}

/** Who holds a question set: its tutor and the students it is given to now. */
export type QuestionSetHolders = Pick<QuestionSetState, 'tutorId' | 'assigned'>;

/**
 * Who may see and answer a problem of a tutor's question set: the set's tutor, admins, and the
 * students who hold the set now. Anyone else is told there is no such problem (404), so a
 * problem id learnt elsewhere reveals neither the question nor that it exists.
 */
export function maySeeSetProblem(who: { userId: string; role: string }, set: QuestionSetHolders): boolean {
  if (who.role === 'admin') return true;
  if (who.role === 'tutor') return set.tutorId === who.userId;
  return who.role === 'student' && set.assigned.includes(who.userId);
}

/** Who is acting: the set's tutor, or an admin (who may act on any tutor's set). */
interface QuestionSetActor {
  userId: string;
  role: string;
}

export interface QuestionSetState {
  setId: string | null;
  tutorId: string | null;
  problemIds: string[];
  assigned: string[];
}

export type QuestionSetCommand =
  | { type: 'CreateQuestionSet'; setId: string; tutorId: string; title: string }
  | { type: 'RenameQuestionSet'; actor: QuestionSetActor; title: string }
  | { type: 'AddQuestion'; actor: QuestionSetActor; problemId: string }
  | { type: 'ReplaceQuestion'; actor: QuestionSetActor; problemId: string; newProblemId: string }
  | { type: 'RemoveQuestion'; actor: QuestionSetActor; problemId: string }
  /** `students`: each chosen student's relationship with the set's tutor as it stands (null: none). */
  | { type: 'AssignQuestionSet'; actor: QuestionSetActor; students: readonly { studentId: string; status: RelationshipStatus | null }[] }
  /** Takes the set back from a student who has it (whatever their status with the tutor now). */
  | { type: 'UnassignQuestionSet'; actor: QuestionSetActor; studentId: string };

/** The set's tutor or an admin; anyone else is told the set does not exist (as another tutor's student is). */
function ownedSet(state: QuestionSetState, actor: QuestionSetActor): { setId: string; tutorId: string } {
  if (state.setId === null || state.tutorId === null || (actor.role !== 'admin' && actor.userId !== state.tutorId)) {
    throw new DomainError('NOT_FOUND', QUESTION_SET_MESSAGES.notFound);
  }
  return { setId: state.setId, tutorId: state.tutorId };
}

/**
 * The `question-set-{setId}` stream: a tutor's set of written questions, in order, and the students
 * it was given to. Only the set's tutor or an admin changes it; it is given only to that tutor's
 * active students (someone not theirs → 403, pending or inactive → 409); giving it again to a
 * student who has it already changes nothing. It can be taken back from a student who has it
 * (404 for one who does not) and given again later.
 */
export const questionSetDecider: Decider<QuestionSetState, QuestionSetCommand, QuestionSetEvent> = {
  initialState: () => ({ setId: null, tutorId: null, problemIds: [], assigned: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'QuestionSetCreated':
        return { ...state, setId: event.data.setId, tutorId: event.data.tutorId };
      case 'QuestionSetRenamed':
        return state;
      case 'QuestionAddedToSet':
        return { ...state, problemIds: [...state.problemIds, event.data.problemId] };
      case 'QuestionReplacedInSet':
        return { ...state, problemIds: state.problemIds.map((id) => (id === event.data.replacedProblemId ? event.data.problemId : id)) };
      case 'QuestionRemovedFromSet':
        return { ...state, problemIds: state.problemIds.filter((id) => id !== event.data.problemId) };
      case 'QuestionSetAssigned':
        return { ...state, assigned: [...state.assigned, ...event.data.studentIds] };
      case 'QuestionSetUnassigned':
        return { ...state, assigned: state.assigned.filter((id) => id !== event.data.studentId) };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateQuestionSet':
        if (state.setId !== null) throw new DomainError('CONFLICT', QUESTION_SET_MESSAGES.alreadyExists);
        return [{ type: 'QuestionSetCreated', data: { setId: command.setId, tutorId: command.tutorId, title: command.title } }];
      case 'RenameQuestionSet': {
        const { setId } = ownedSet(state, command.actor);
        return [{ type: 'QuestionSetRenamed', data: { setId, title: command.title } }];
      }
      case 'AddQuestion': {
        const { setId } = ownedSet(state, command.actor);
        if (state.problemIds.length >= MAX_QUESTIONS_PER_SET) throw new DomainError('CONFLICT', QUESTION_SET_MESSAGES.tooManyQuestions(MAX_QUESTIONS_PER_SET));
        return [{ type: 'QuestionAddedToSet', data: { setId, problemId: command.problemId } }];
      }
      case 'ReplaceQuestion': {
        const { setId } = ownedSet(state, command.actor);
        if (!state.problemIds.includes(command.problemId)) throw new DomainError('NOT_FOUND', QUESTION_SET_MESSAGES.questionNotInSet);
        return [{ type: 'QuestionReplacedInSet', data: { setId, problemId: command.newProblemId, replacedProblemId: command.problemId } }];
      }
      case 'RemoveQuestion': {
        const { setId } = ownedSet(state, command.actor);
        if (!state.problemIds.includes(command.problemId)) throw new DomainError('NOT_FOUND', QUESTION_SET_MESSAGES.questionNotInSet);
        return [{ type: 'QuestionRemovedFromSet', data: { setId, problemId: command.problemId } }];
      }
      case 'AssignQuestionSet': {
        const { setId, tutorId } = ownedSet(state, command.actor);
        if (command.students.length === 0) throw new DomainError('VALIDATION_FAILED', QUESTION_SET_MESSAGES.noStudents, { student_ids: QUESTION_SET_MESSAGES.noStudents });
        if (command.students.some((student) => student.status === null)) throw new DomainError('FORBIDDEN', QUESTION_SET_MESSAGES.notYourStudent);
        if (command.students.some((student) => student.status !== 'active')) throw new DomainError('CONFLICT', QUESTION_SET_MESSAGES.notActive);
        if (state.problemIds.length === 0) throw new DomainError('CONFLICT', QUESTION_SET_MESSAGES.emptySet);
        const studentIds = [...new Set(command.students.map((student) => student.studentId))].filter((id) => !state.assigned.includes(id));
        return studentIds.length === 0 ? [] : [{ type: 'QuestionSetAssigned', data: { setId, tutorId, studentIds } }];
      }
      case 'UnassignQuestionSet': {
        const { setId, tutorId } = ownedSet(state, command.actor);
        if (!state.assigned.includes(command.studentId)) throw new DomainError('NOT_FOUND', QUESTION_SET_MESSAGES.notAssigned);
        return [{ type: 'QuestionSetUnassigned', data: { setId, tutorId, studentId: command.studentId } }];
      }
    }
  },
};
