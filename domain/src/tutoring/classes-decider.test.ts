import { describe, expect, it } from 'vitest';
import { parseEventData } from '../events/registry.ts';
import { given } from '../testing/decider-spec.ts';
import { assignmentStatusOf, progressOf, recordAssignmentAnswer, type AssignmentAnswers } from './assignment-progress.ts';
import { CLASS_CODE_ALPHABET, CLASS_MESSAGES, classDecider, generatedClassCode, type ClassCommand } from './classes.ts';
import { instantOfLocal, isLocalDateTime, localOfInstant } from './due-dates.ts';
import type { ClassEvent } from './events.ts';
import { codeAvailability, joinTargetOf, referralCodeDecider, REFERRAL_MESSAGES } from './referral-codes.ts';
import { relationshipDecider } from './relationship-decider.ts';
import { commandsEndingLinks, endsStudentLinks } from './role-change-links.ts';

const tutorId = '11111111-1111-4111-8111-111111111111';
const otherTutor = '22222222-2222-4222-8222-222222222222';
const ann = '33333333-3333-4333-8333-333333333333';
const ben = '44444444-4444-4444-8444-444444444444';
const classId = '55555555-5555-4555-8555-555555555555';
const otherClass = '66666666-6666-4666-8666-666666666666';
const assignmentId = '77777777-7777-4777-8777-777777777777';
const p1 = '88888888-8888-4888-8888-888888888888';
const p2 = '99999999-9999-4999-8999-999999999999';
const tutor = { userId: tutorId, role: 'tutor' };

const created: ClassEvent = { type: 'ClassCreated', data: { classId, tutorId, name: '7B Maths', timeZone: 'Europe/London', joinCode: 'K7QM3XP' } };
const annJoined: ClassEvent = { type: 'StudentJoinedClass', data: { classId, tutorId, studentId: ann, via: 'profile' } };
const benJoined: ClassEvent = { type: 'StudentJoinedClass', data: { classId, tutorId, studentId: ben, via: 'tutor' } };
const archived: ClassEvent = { type: 'ClassArchived', data: { classId } };
const now = '2026-03-02T09:00:00.000Z';
const due = { dueLocal: '2026-03-03T17:00', timeZone: 'Europe/London', dueAt: instantOfLocal('2026-03-03T17:00', 'Europe/London') };
const assign = (fields: Partial<Extract<ClassCommand, { type: 'CreateAssignment' }>> = {}): ClassCommand => ({
  type: 'CreateAssignment',
  actor: tutor,
  assignmentId,
  title: 'Fractions · 2 problems',
  source: { kind: 'topic', topicId: 'fractions', grade: 5, difficulty: 2 },
  problemIds: [p1, p2],
  studentIds: null,
  statuses: { [ann]: 'active', [ben]: 'pending' },
  due,
  now,
  ...fields,
});
const assignmentCreated: ClassEvent = {
  type: 'ClassAssignmentCreated',
  data: { classId, tutorId, assignmentId, title: 'Fractions · 2 problems', source: { kind: 'topic', topicId: 'fractions', grade: 5, difficulty: 2 }, problemIds: [p1, p2], studentIds: [ann], ...due },
};

describe('classes', () => {
  it('class codes: 7 characters no child mistakes for each other; the events pass their schemas', () => {
    expect(generatedClassCode([0, 1, 2, 3, 4, 30, 31])).toBe('ABCDE89');
    expect(CLASS_CODE_ALPHABET).not.toMatch(/[IO01]/);
    expect(() => generatedClassCode([0, 1])).toThrow();
    expect(parseEventData('ClassCreated', created.data)).toEqual(created.data);
    expect(() => parseEventData('ClassCreated', { ...created.data, timeZone: 'Mars/Olympus' })).toThrow();
    expect(() => parseEventData('ClassCreated', { ...created.data, name: '\u202eevil' })).toThrow();
  });

  it('given nothing, when a tutor creates a class, then it is theirs; again → conflict', () => {
    given(classDecider).when({ type: 'CreateClass', classId, tutorId, name: '7B Maths', timeZone: 'Europe/London', joinCode: 'K7QM3XP' }).then([created]);
    given(classDecider, [created]).when({ type: 'CreateClass', classId, tutorId, name: 'x', timeZone: 'UTC', joinCode: 'AAAAAAA' }).thenThrows('CONFLICT');
  });

  it("given a class, its tutor renames, re-zones, archives, restores it and changes its code; another tutor is told it does not exist", () => {
    given(classDecider, [created]).when({ type: 'RenameClass', actor: tutor, name: '7B' }).then([{ type: 'ClassRenamed', data: { classId, name: '7B' } }]);
    given(classDecider, [created]).when({ type: 'ChangeClassTimeZone', actor: tutor, timeZone: 'Asia/Tokyo' }).then([{ type: 'ClassTimeZoneChanged', data: { classId, timeZone: 'Asia/Tokyo' } }]);
    given(classDecider, [created]).when({ type: 'ArchiveClass', actor: tutor }).then([archived]);
    given(classDecider, [created, archived]).when({ type: 'ArchiveClass', actor: tutor }).then([]);
    given(classDecider, [created, archived]).when({ type: 'RestoreClass', actor: tutor }).then([{ type: 'ClassRestored', data: { classId } }]);
    given(classDecider, [created]).when({ type: 'ChangeJoinCode', actor: tutor, joinCode: 'NEWC0DE' }).then([{ type: 'ClassJoinCodeChanged', data: { classId, joinCode: 'NEWC0DE', previousCode: 'K7QM3XP' } }]);
    given(classDecider, [created, archived]).when({ type: 'ChangeJoinCode', actor: tutor, joinCode: 'NEWC0DE' }).thenThrows('CONFLICT', CLASS_MESSAGES.archived);
    const other = { userId: otherTutor, role: 'tutor' };
    for (const command of [
      { type: 'RenameClass', actor: other, name: 'Mine now' },
      { type: 'ArchiveClass', actor: other },
      { type: 'AddStudent', actor: other, studentId: ann, status: 'active' },
      { type: 'RemoveStudent', actor: other, studentId: ann },
      { type: 'RemoveAssignment', actor: other, assignmentId },
      assign({ actor: other }),
    ] as ClassCommand[]) {
      given(classDecider, [created, annJoined, assignmentCreated]).when(command).thenThrows('NOT_FOUND', CLASS_MESSAGES.notFound);
    }
    given(classDecider).when({ type: 'RenameClass', actor: tutor, name: 'x' }).thenThrows('NOT_FOUND');
  });

  it('given a class, a student joins with its current code once; an old code, an archived or a full class is refused', () => {
    const join = (code: string) => ({ type: 'JoinWithCode', studentId: ann, code, via: 'profile' }) as const;
    given(classDecider, [created]).when(join('K7QM3XP')).then([annJoined]);
    given(classDecider, [created, annJoined]).when(join('K7QM3XP')).then([]);
    const changed: ClassEvent = { type: 'ClassJoinCodeChanged', data: { classId, joinCode: 'NEWC0DE', previousCode: 'K7QM3XP' } };
    given(classDecider, [created, changed]).when(join('K7QM3XP')).thenThrows('VALIDATION_FAILED', CLASS_MESSAGES.codeNotFound);
    given(classDecider, [created, archived]).when(join('K7QM3XP')).thenThrows('VALIDATION_FAILED', CLASS_MESSAGES.classArchived);
    const full = Array.from({ length: 200 }, (_, index): ClassEvent => ({
      type: 'StudentJoinedClass',
      data: { classId, tutorId, studentId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, via: 'profile' },
    }));
    given(classDecider, [created, ...full]).when(join('K7QM3XP')).thenThrows('CONFLICT', CLASS_MESSAGES.classFull);
  });

  it("given the tutor's students, the tutor puts them in, moves and removes them; someone not theirs or no longer linked is refused", () => {
    const add = (status: 'active' | 'pending' | 'inactive' | null) => ({ type: 'AddStudent', actor: tutor, studentId: ben, status }) as const;
    given(classDecider, [created]).when(add('pending')).then([benJoined]);
    given(classDecider, [created, benJoined]).when(add('active')).then([]);
    given(classDecider, [created]).when(add(null)).thenThrows('NOT_FOUND', CLASS_MESSAGES.notYourStudent);
    given(classDecider, [created]).when(add('inactive')).thenThrows('CONFLICT', CLASS_MESSAGES.notActiveForClass);
    given(classDecider, [created, archived]).when(add('active')).thenThrows('CONFLICT', CLASS_MESSAGES.archived);
    given(classDecider, [created, benJoined])
      .when({ type: 'RemoveStudent', actor: tutor, studentId: ben, toClassId: otherClass })
      .then([{ type: 'StudentLeftClass', data: { classId, tutorId, studentId: ben, reason: 'moved', toClassId: otherClass } }]);
    given(classDecider, [created, benJoined]).when({ type: 'RemoveStudent', actor: tutor, studentId: ben }).then([{ type: 'StudentLeftClass', data: { classId, tutorId, studentId: ben, reason: 'removed' } }]);
    given(classDecider, [created]).when({ type: 'RemoveStudent', actor: tutor, studentId: ben }).thenThrows('NOT_FOUND', CLASS_MESSAGES.notInClass);
    given(classDecider, [created, benJoined]).when({ type: 'RemoveStudent', actor: tutor, studentId: ben, toClassId: classId }).thenThrows('CONFLICT', CLASS_MESSAGES.sameClass);
    given(classDecider, [created, annJoined]).when({ type: 'LeaveClass', studentId: ann }).then([{ type: 'StudentLeftClass', data: { classId, tutorId, studentId: ann, reason: 'left' } }]);
    given(classDecider, [created]).when({ type: 'LeaveClass', studentId: ann }).thenThrows('NOT_FOUND', CLASS_MESSAGES.notAMember);
  });

  it('given members, work goes to the active ones (or those chosen), due after now and within a year; it can be re-dated and removed', () => {
    given(classDecider, [created, annJoined, benJoined]).when(assign()).then([assignmentCreated]);
    given(classDecider, [created, annJoined, benJoined]).when(assign({ studentIds: [ann, ann] })).then([assignmentCreated]);
    given(classDecider, [created, annJoined, benJoined]).when(assign({ studentIds: [ben] })).thenThrows('CONFLICT', CLASS_MESSAGES.studentNotActive);
    given(classDecider, [created, annJoined]).when(assign({ studentIds: [ben] })).thenThrows('CONFLICT', CLASS_MESSAGES.studentNotInClass);
    given(classDecider, [created, benJoined]).when(assign()).thenThrows('CONFLICT', CLASS_MESSAGES.noActiveStudents);
    given(classDecider, [created, annJoined]).when(assign({ problemIds: [] })).thenThrows('VALIDATION_FAILED', CLASS_MESSAGES.noProblems);
    given(classDecider, [created, annJoined]).when(assign({ now: '2026-03-04T09:00:00.000Z' })).thenThrows('VALIDATION_FAILED', CLASS_MESSAGES.dueInPast);
    given(classDecider, [created, annJoined]).when(assign({ now: '2025-01-01T09:00:00.000Z' })).thenThrows('VALIDATION_FAILED', CLASS_MESSAGES.dueTooFar);
    given(classDecider, [created, annJoined, archived]).when(assign()).thenThrows('CONFLICT', CLASS_MESSAGES.archived);

    const later = { dueLocal: '2026-03-05T08:30', timeZone: 'Europe/London', dueAt: instantOfLocal('2026-03-05T08:30', 'Europe/London') };
    given(classDecider, [created, annJoined, assignmentCreated])
      .when({ type: 'ChangeAssignmentDue', actor: tutor, assignmentId, due: later, now })
      .then([{ type: 'ClassAssignmentDueChanged', data: { classId, assignmentId, studentIds: [ann], ...later } }]);
    const removed: ClassEvent = { type: 'ClassAssignmentRemoved', data: { classId, assignmentId, studentIds: [ann] } };
    given(classDecider, [created, annJoined, assignmentCreated]).when({ type: 'RemoveAssignment', actor: tutor, assignmentId }).then([removed]);
    given(classDecider, [created, annJoined, assignmentCreated, removed]).when({ type: 'RemoveAssignment', actor: tutor, assignmentId }).thenThrows('NOT_FOUND', CLASS_MESSAGES.assignmentNotFound);
  });
});

describe('due dates in the class time zone', () => {
  it('a wall-clock time is the instant it means there, across clock changes', () => {
    expect(instantOfLocal('2026-07-01T23:59', 'Europe/London')).toBe('2026-07-01T22:59:00.000Z');
    expect(instantOfLocal('2026-01-01T00:00', 'Asia/Kolkata')).toBe('2025-12-31T18:30:00.000Z');
    // Skipped hour (clocks forward): an hour later; repeated hour (clocks back): the first.
    expect(instantOfLocal('2026-03-29T01:30', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z');
    expect(instantOfLocal('2026-10-25T01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
    expect(instantOfLocal('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(localOfInstant('2026-07-01T22:59:00.000Z', 'Europe/London')).toBe('2026-07-01T23:59');
    expect(isLocalDateTime('2026-02-30T10:00')).toBe(false);
    expect(isLocalDateTime('2026-02-28T24:00')).toBe(false);
    expect(() => instantOfLocal('tomorrow', 'UTC')).toThrow(RangeError);
  });
});

describe('assignment progress', () => {
  const assigned: AssignmentAnswers = { problemIds: [p1, p2], assignedAt: '2026-03-02T09:00:00.000Z', answers: {} };
  it('counts the first answer to each problem since it was given; done, in progress, not started, overdue', () => {
    const before = recordAssignmentAnswer({ a: assigned }, { problemId: p1, isCorrect: true, at: '2026-03-01T09:00:00.000Z' });
    expect(before.changed).toEqual([]);
    const first = recordAssignmentAnswer({ a: assigned }, { problemId: p1, isCorrect: false, at: '2026-03-02T10:00:00.000Z' });
    expect(first.changed).toEqual(['a']);
    const again = recordAssignmentAnswer(first.assignments, { problemId: p1, isCorrect: true, at: '2026-03-02T10:01:00.000Z' });
    expect(again.changed).toEqual([]);
    const dueAt = '2026-03-03T17:00:00.000Z';
    expect(assignmentStatusOf(progressOf(assigned), dueAt, new Date(now))).toBe('not_started');
    expect(progressOf(first.assignments.a!)).toEqual({ total: 2, answered: 1, correct: 0, startedAt: '2026-03-02T10:00:00.000Z', completedAt: null, lastAnswerAt: '2026-03-02T10:00:00.000Z' });
    expect(assignmentStatusOf(progressOf(first.assignments.a!), dueAt, new Date(now))).toBe('in_progress');
    expect(assignmentStatusOf(progressOf(first.assignments.a!), dueAt, new Date('2026-03-04T00:00:00.000Z'))).toBe('overdue');
    const done = recordAssignmentAnswer(first.assignments, { problemId: p2, isCorrect: true, at: '2026-03-05T10:00:00.000Z' });
    expect(progressOf(done.assignments.a!)).toMatchObject({ answered: 2, correct: 1, completedAt: '2026-03-05T10:00:00.000Z' });
    expect(assignmentStatusOf(progressOf(done.assignments.a!), dueAt, new Date('2026-03-06T00:00:00.000Z'))).toBe('done');
  });
});

describe('class codes share the referral-code reservations', () => {
  const reserved = { type: 'ClassJoinCodeReserved', data: { code: 'K7QM3XP', tutorId, classId } } as const;
  it("a class code leads to its class; it is taken for other tutors, its own tutor's already; it cannot be deactivated as a referral code", () => {
    const state = given(referralCodeDecider, [reserved]).state();
    expect(joinTargetOf(state, ann)).toEqual({ kind: 'class', tutorId, classId });
    expect(codeAvailability(state, 'K7QM3XP', otherTutor)).toEqual({ status: 'taken', message: REFERRAL_MESSAGES.taken('K7QM3XP') });
    expect(codeAvailability(state, 'K7QM3XP', tutorId)).toEqual({ status: 'yours', message: 'K7QM3XP is already your code.' });
    expect(codeAvailability(given(referralCodeDecider).state(), 'FREE1', tutorId).status).toBe('available');
    given(referralCodeDecider, [reserved]).when({ type: 'DeactivateReferralCode', tutorId }).thenThrows('NOT_FOUND');
    expect(joinTargetOf(given(referralCodeDecider, [{ type: 'ReferralCodeCreated', data: { code: 'MATHS4ALL', tutorId, kind: 'custom' } }]).state(), ann)).toEqual({ kind: 'tutor', tutorId });
  });
});

describe('a role change away from student ends the links (by events)', () => {
  const redeemed = { type: 'ReferralCodeRedeemed', data: { code: 'MATHS4ALL', tutorId, studentId: ann, via: 'registration' } } as const;
  const activated = { type: 'TutorStudentActivated', data: { tutorId, studentId: ann, changedBy: tutorId } } as const;
  const adminId = '12121212-1212-4121-8121-121212121212';
  const ended = { type: 'TutorStudentRelationshipEnded', data: { tutorId, studentId: ann, reason: 'role_changed', changedBy: adminId } } as const;

  it('only a change from student to another role does it', () => {
    expect(endsStudentLinks({ previousRole: 'student', role: 'tutor' })).toBe(true);
    expect(endsStudentLinks({ previousRole: 'student', role: 'student' })).toBe(false);
    expect(endsStudentLinks({ previousRole: 'tutor', role: 'admin' })).toBe(false);
  });

  it('given pending or active links and class places, when the student becomes a tutor, then each ends once', () => {
    const { relationships, classes } = commandsEndingLinks(ann, adminId, { tutors: [tutorId], classes: [classId] });
    const end = relationships[0]!.command;
    given(relationshipDecider, [redeemed, activated]).when(end).then([ended]);
    given(relationshipDecider, [redeemed]).when(end).then([ended]);
    given(relationshipDecider, [redeemed, activated, ended]).when(end).then([]);
    expect(given(relationshipDecider, [redeemed, activated, ended]).state().status).toBe('inactive');
    given(classDecider, [created, annJoined]).when(classes[0]!.command).then([{ type: 'StudentLeftClass', data: { classId, tutorId, studentId: ann, reason: 'role_changed' } }]);
    given(classDecider, [created]).when(classes[0]!.command).then([]);
  });

  it('joining a class with its code makes the student active with the tutor at once (pending, inactive or new alike)', () => {
    const join = { type: 'JoinTutorByClassCode', tutorId, studentId: ann, classId, code: 'K7QM3XP', via: 'registration' } as const;
    const joined = { type: 'StudentJoinedTutorClass', data: { tutorId, studentId: ann, classId, code: 'K7QM3XP', via: 'registration' } } as const;
    given(relationshipDecider).when(join).then([joined]);
    given(relationshipDecider, [redeemed]).when(join).then([joined]);
    given(relationshipDecider, [redeemed, activated, ended]).when(join).then([joined]);
    given(relationshipDecider, [redeemed, activated]).when(join).then([]);
    expect(given(relationshipDecider, [joined]).state().status).toBe('active');
  });
});
