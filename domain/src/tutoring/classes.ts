import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import { MAX_ASSIGNMENT_PROBLEMS, MAX_CLASS_STUDENTS, type AssignmentSource, type ClassEvent } from './events.ts';
import type { RelationshipStatus } from './relationship-decider.ts';

export const CLASS_MESSAGES = {
  name: 'Please give the class a name (up to 60 characters).',
  timeZone: 'Please choose one of the listed time zones.',
  notFound: "We couldn't find this class.",
  alreadyExists: 'This class exists already.',
  archived: 'This class is archived. Restore it first.',
  codeNotFound: "We couldn't find that class code. Please check it with your teacher and try again.",
  classArchived: 'That class is closed. Please ask your teacher for a new code.',
  notYourStudent: 'Only students who joined you can be put in one of your classes.',
  notActiveForClass: 'This student is no longer linked to you. Ask them to join with the class code.',
  notInClass: 'This student is not in this class.',
  notAMember: 'You are not in this class.',
  sameClass: 'The students are in this class already.',
  classFull: `A class holds at most ${MAX_CLASS_STUDENTS} students.`,
  assignmentNotFound: "We couldn't find this assignment.",
  assignmentTitle: 'Please give the assignment a title (up to 100 characters).',
  noProblems: 'Please choose at least one problem.',
  tooManyProblems: `An assignment holds at most ${MAX_ASSIGNMENT_PROBLEMS} problems.`,
  dueInPast: 'Please choose a due date and time that has not passed yet.',
  dueTooFar: 'Please choose a due date within the next year.',
  dueDate: 'Please choose a due date (and time) for the assignment.',
  noActiveStudents: 'There are no active students in this class to give work to yet.',
  studentNotInClass: 'Only students in this class can be given its work.',
  studentNotActive: 'Only active students can be given work. Activate the student first.',
} as const;

/** Characters of a class code: upper-case letters and digits a child cannot mistake for each other (no I, O, 0, 1). */
export const CLASS_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CLASS_CODE_LENGTH = 7;

/** A class code from indexes into CLASS_CODE_ALPHABET; the server draws them with crypto.randomInt, so the domain stays pure. */
export function generatedClassCode(indexes: readonly number[]): string {
  if (indexes.length !== CLASS_CODE_LENGTH || indexes.some((index) => !Number.isInteger(index) || index < 0 || index >= CLASS_CODE_ALPHABET.length)) {
    throw new Error(`A class code needs ${CLASS_CODE_LENGTH} indexes in 0..${CLASS_CODE_ALPHABET.length - 1}`);
  }
  return indexes.map((index) => CLASS_CODE_ALPHABET[index]).join('');
}

/** A due date at most this far ahead: a school year, with room. */
const MAX_DUE_AHEAD_MS = 366 * 86_400_000;

interface ClassAssignmentState {
  studentIds: string[];
}

export interface ClassState {
  classId: string | null;
  tutorId: string | null;
  name: string;
  joinCode: string | null;
  /** Due dates of new work are read in this zone. */
  timeZone: string;
  archived: boolean;
  members: string[];
  assignments: Record<string, ClassAssignmentState>;
}

/** Who acts on a class: its tutor (anyone else is told it does not exist, as another tutor's student is). */
export interface ClassActor {
  userId: string;
  role: string;
}

export interface DueDate {
  /** As the tutor chose it, in the class's time zone. */
  dueLocal: string;
  timeZone: string;
  /** The instant (instantOfLocal). */
  dueAt: string;
}

export type ClassCommand =
  | { type: 'CreateClass'; classId: string; tutorId: string; name: string; timeZone: string; joinCode: string }
  | { type: 'RenameClass'; actor: ClassActor; name: string }
  | { type: 'ChangeClassTimeZone'; actor: ClassActor; timeZone: string }
  | { type: 'ArchiveClass'; actor: ClassActor }
  | { type: 'RestoreClass'; actor: ClassActor }
  | { type: 'ChangeJoinCode'; actor: ClassActor; joinCode: string }
  /** A student typed the class's code (at registration, on the profile, through the join link). */
  | { type: 'JoinWithCode'; studentId: string; code: string; via: 'registration' | 'profile' }
  /** The tutor puts one of their students in the class (`status`: the student's link with the tutor now; null: none). */
  | { type: 'AddStudent'; actor: ClassActor; studentId: string; status: RelationshipStatus | null }
  | { type: 'RemoveStudent'; actor: ClassActor; studentId: string; toClassId?: string }
  | { type: 'LeaveClass'; studentId: string }
  /** A process takes a student out (they are no longer a student); nothing when they are not in it. */
  | { type: 'EndMembership'; studentId: string; reason: 'role_changed' }
  | {
      type: 'CreateAssignment';
      actor: ClassActor;
      assignmentId: string;
      title: string;
      source: AssignmentSource;
      problemIds: readonly string[];
      /** null: every active member of the class. */
      studentIds: readonly string[] | null;
      /** The link with the tutor of every member (and of every chosen student), as it stands. */
      statuses: Readonly<Record<string, RelationshipStatus | null>>;
      due: DueDate;
      /** Command time: the due date must be after it. */
      now: string;
    }
  | { type: 'ChangeAssignmentDue'; actor: ClassActor; assignmentId: string; due: DueDate; now: string }
  | { type: 'RemoveAssignment'; actor: ClassActor; assignmentId: string };

function ownedClass(state: ClassState, actor: ClassActor): { classId: string; tutorId: string } {
  if (state.classId === null || state.tutorId === null || actor.userId !== state.tutorId) throw new DomainError('NOT_FOUND', CLASS_MESSAGES.notFound);
  return { classId: state.classId, tutorId: state.tutorId };
}

function openClass(state: ClassState, actor: ClassActor) {
  const owned = ownedClass(state, actor);
  if (state.archived) throw new DomainError('CONFLICT', CLASS_MESSAGES.archived);
  return owned;
}

function checkDue(due: DueDate, now: string) {
  const at = Date.parse(due.dueAt);
  const nowMs = Date.parse(now);
  if (at <= nowMs) throw new DomainError('VALIDATION_FAILED', CLASS_MESSAGES.dueInPast, { due_date: CLASS_MESSAGES.dueInPast });
  if (at - nowMs > MAX_DUE_AHEAD_MS) throw new DomainError('VALIDATION_FAILED', CLASS_MESSAGES.dueTooFar, { due_date: CLASS_MESSAGES.dueTooFar });
}

/**
 * The `class-{classId}` stream: a tutor's class with its join code, its roster and the work given
 * to it. Only its tutor changes it (anyone else: 404). A student joins with the current code of a
 * class that is not archived, or is put in by the tutor when they are the tutor's student; joining
 * again changes nothing. Work goes to the class's active students (all of them, or those chosen),
 * due at a time after the command's that is at most a year ahead; an archived class takes none.
 */
export const classDecider: Decider<ClassState, ClassCommand, ClassEvent> = {
  initialState: () => ({ classId: null, tutorId: null, name: '', joinCode: null, timeZone: 'UTC', archived: false, members: [], assignments: {} }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ClassCreated':
        return { ...state, classId: event.data.classId, tutorId: event.data.tutorId, name: event.data.name, joinCode: event.data.joinCode, timeZone: event.data.timeZone };
      case 'ClassRenamed':
        return { ...state, name: event.data.name };
      case 'ClassTimeZoneChanged':
        return { ...state, timeZone: event.data.timeZone };
      case 'ClassAssignmentDueChanged':
        return state;
      case 'ClassArchived':
        return { ...state, archived: true };
      case 'ClassRestored':
        return { ...state, archived: false };
      case 'ClassJoinCodeChanged':
        return { ...state, joinCode: event.data.joinCode };
      case 'StudentJoinedClass':
        return state.members.includes(event.data.studentId) ? state : { ...state, members: [...state.members, event.data.studentId] };
      case 'StudentLeftClass':
        return { ...state, members: state.members.filter((id) => id !== event.data.studentId) };
      case 'ClassAssignmentCreated':
        return { ...state, assignments: { ...state.assignments, [event.data.assignmentId]: { studentIds: event.data.studentIds } } };
      case 'ClassAssignmentRemoved': {
        const { [event.data.assignmentId]: _removed, ...rest } = state.assignments;
        return { ...state, assignments: rest };
      }
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateClass':
        if (state.classId !== null) throw new DomainError('CONFLICT', CLASS_MESSAGES.alreadyExists);
        return [{ type: 'ClassCreated', data: { classId: command.classId, tutorId: command.tutorId, name: command.name, timeZone: command.timeZone, joinCode: command.joinCode } }];
      case 'RenameClass': {
        const { classId } = ownedClass(state, command.actor);
        return [{ type: 'ClassRenamed', data: { classId, name: command.name } }];
      }
      case 'ChangeClassTimeZone': {
        const { classId } = ownedClass(state, command.actor);
        return [{ type: 'ClassTimeZoneChanged', data: { classId, timeZone: command.timeZone } }];
      }
      case 'ArchiveClass': {
        const { classId } = ownedClass(state, command.actor);
        return state.archived ? [] : [{ type: 'ClassArchived', data: { classId } }];
      }
      case 'RestoreClass': {
        const { classId } = ownedClass(state, command.actor);
        return state.archived ? [{ type: 'ClassRestored', data: { classId } }] : [];
      }
      case 'ChangeJoinCode': {
        const { classId } = openClass(state, command.actor);
        return [{ type: 'ClassJoinCodeChanged', data: { classId, joinCode: command.joinCode, previousCode: state.joinCode! } }];
      }
      case 'JoinWithCode': {
        if (state.classId === null || state.tutorId === null || state.joinCode !== command.code) {
          throw new DomainError('VALIDATION_FAILED', CLASS_MESSAGES.codeNotFound, { referralCode: CLASS_MESSAGES.codeNotFound });
        }
        if (state.archived) throw new DomainError('VALIDATION_FAILED', CLASS_MESSAGES.classArchived, { referralCode: CLASS_MESSAGES.classArchived });
        if (state.members.includes(command.studentId)) return [];
        if (state.members.length >= MAX_CLASS_STUDENTS) throw new DomainError('CONFLICT', CLASS_MESSAGES.classFull, { referralCode: CLASS_MESSAGES.classFull });
        return [{ type: 'StudentJoinedClass', data: { classId: state.classId, tutorId: state.tutorId, studentId: command.studentId, via: command.via } }];
      }
      case 'AddStudent': {
        const { classId, tutorId } = openClass(state, command.actor);
        if (command.status === null) throw new DomainError('NOT_FOUND', CLASS_MESSAGES.notYourStudent);
        if (command.status === 'inactive') throw new DomainError('CONFLICT', CLASS_MESSAGES.notActiveForClass);
        if (state.members.includes(command.studentId)) return [];
        if (state.members.length >= MAX_CLASS_STUDENTS) throw new DomainError('CONFLICT', CLASS_MESSAGES.classFull);
        return [{ type: 'StudentJoinedClass', data: { classId, tutorId, studentId: command.studentId, via: 'tutor' } }];
      }
      case 'RemoveStudent': {
        const { classId, tutorId } = ownedClass(state, command.actor);
        if (!state.members.includes(command.studentId)) throw new DomainError('NOT_FOUND', CLASS_MESSAGES.notInClass);
        if (command.toClassId === classId) throw new DomainError('CONFLICT', CLASS_MESSAGES.sameClass);
        const moved = command.toClassId === undefined ? {} : { toClassId: command.toClassId };
        return [{ type: 'StudentLeftClass', data: { classId, tutorId, studentId: command.studentId, reason: command.toClassId === undefined ? 'removed' : 'moved', ...moved } }];
      }
      case 'LeaveClass':
        if (state.classId === null || state.tutorId === null || !state.members.includes(command.studentId)) throw new DomainError('NOT_FOUND', CLASS_MESSAGES.notAMember);
        return [{ type: 'StudentLeftClass', data: { classId: state.classId, tutorId: state.tutorId, studentId: command.studentId, reason: 'left' } }];
      case 'EndMembership':
        if (state.classId === null || state.tutorId === null || !state.members.includes(command.studentId)) return [];
        return [{ type: 'StudentLeftClass', data: { classId: state.classId, tutorId: state.tutorId, studentId: command.studentId, reason: command.reason } }];
      case 'CreateAssignment': {
        const { classId, tutorId } = openClass(state, command.actor);
        const problemIds = [...new Set(command.problemIds)];
        if (problemIds.length === 0) throw new DomainError('VALIDATION_FAILED', CLASS_MESSAGES.noProblems, { problem_ids: CLASS_MESSAGES.noProblems });
        if (problemIds.length > MAX_ASSIGNMENT_PROBLEMS) throw new DomainError('VALIDATION_FAILED', CLASS_MESSAGES.tooManyProblems, { problem_ids: CLASS_MESSAGES.tooManyProblems });
        checkDue(command.due, command.now);
        const active = (id: string) => command.statuses[id] === 'active';
        let studentIds: string[];
        if (command.studentIds === null) {
          studentIds = state.members.filter(active);
          if (studentIds.length === 0) throw new DomainError('CONFLICT', CLASS_MESSAGES.noActiveStudents);
        } else {
          studentIds = [...new Set(command.studentIds)];
          if (studentIds.length === 0) throw new DomainError('VALIDATION_FAILED', CLASS_MESSAGES.noActiveStudents, { student_ids: CLASS_MESSAGES.noActiveStudents });
          if (studentIds.some((id) => !state.members.includes(id))) throw new DomainError('CONFLICT', CLASS_MESSAGES.studentNotInClass);
          if (!studentIds.every(active)) throw new DomainError('CONFLICT', CLASS_MESSAGES.studentNotActive);
        }
        return [
          {
            type: 'ClassAssignmentCreated',
            data: { classId, tutorId, assignmentId: command.assignmentId, title: command.title, source: command.source, problemIds, studentIds, ...command.due },
          },
        ];
      }
      case 'ChangeAssignmentDue': {
        const { classId } = openClass(state, command.actor);
        const assignment = state.assignments[command.assignmentId];
        if (!assignment) throw new DomainError('NOT_FOUND', CLASS_MESSAGES.assignmentNotFound);
        checkDue(command.due, command.now);
        return [{ type: 'ClassAssignmentDueChanged', data: { classId, assignmentId: command.assignmentId, studentIds: assignment.studentIds, ...command.due } }];
      }
      case 'RemoveAssignment': {
        const { classId } = ownedClass(state, command.actor);
        const assignment = state.assignments[command.assignmentId];
        if (!assignment) throw new DomainError('NOT_FOUND', CLASS_MESSAGES.assignmentNotFound);
        return [{ type: 'ClassAssignmentRemoved', data: { classId, assignmentId: command.assignmentId, studentIds: assignment.studentIds } }];
      }
    }
  },
};
