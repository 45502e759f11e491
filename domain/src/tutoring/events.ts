import { z } from 'zod';
import type { FactsOf } from '../events/envelope.ts';
import { TIME_ZONE_IDS } from '../accounts/time-zones.ts';
import { hasHiddenControls, hasVisibleText } from '../plain-text.ts';

/**
 * Events of the tutoring area. Streams:
 * - `referral-{CODE}`: the reservation of one referral code (first event appended with expected
 *   version 'no_stream', so a code is unique in either event store) and its deactivation;
 * - `relationship-{tutorId}-{studentId}`: one tutor–student relationship (a redeemed code makes
 *   it pending; the tutor activates and deactivates it; the scheduled check records falling behind);
 * - `question-set-{setId}`: a tutor's question set (title, its problems in order, the students given it);
 * - `class-{classId}`: a tutor's class: name, time zone, join code, roster and assignments with due
 *   dates. A class's join code is reserved in the same `referral-{CODE}` streams as referral codes,
 *   so the one code box a student types into never meets two owners of one code.
 * Time is the envelope's `metadata.at`.
 */

export const questionSetStreamId = (setId: string): string => `question-set-${setId}`;
export const referralStreamId = (code: string): string => `referral-${code}`;
export const relationshipStreamId = (tutorId: string, studentId: string): string => `relationship-${tutorId}-${studentId}`;
export const classStreamId = (classId: string): string => `class-${classId}`;

/** Upper-case letters and digits, 3-20 (generated codes are TUTOR + 6 of them). */
const referralCodeSchema = z.string().regex(/^[A-Z0-9]{3,20}$/);
const uuid = z.string().uuid();

const referralCodeCreatedSchema = z.object({
  code: referralCodeSchema,
  tutorId: uuid,
  kind: z.enum(['generated', 'custom']),
});

const referralCodeDeactivatedSchema = z.object({ code: referralCodeSchema, tutorId: uuid });

const referralCodeRedeemedSchema = z.object({
  code: referralCodeSchema,
  tutorId: uuid,
  studentId: uuid,
  via: z.enum(['registration', 'profile']),
});

const statusChangeSchema = z.object({ tutorId: uuid, studentId: uuid, changedBy: uuid });

/** A class's join code: the tutor's invitation, so the student is active with the tutor at once. */
const classJoinCodeReservedSchema = z.object({ code: referralCodeSchema, tutorId: uuid, classId: uuid });
/** How a student came into a class: with its code (at registration, on the profile, through the join link) or put there by the tutor. */
const classJoinVias = ['registration', 'profile', 'tutor'] as const;
const studentJoinedTutorClassSchema = z.object({ tutorId: uuid, studentId: uuid, classId: uuid, code: referralCodeSchema, via: z.enum(['registration', 'profile']) });
/**
 * The relationship ended by a process, not by the tutor: the student is no longer a student
 * (the pair stays on the tutor's list as inactive), or either account was erased (the pair leaves
 * every list).
 */
const relationshipEndReasons = ['role_changed', 'account_erased'] as const;
export type RelationshipEndReason = (typeof relationshipEndReasons)[number];
const tutorStudentRelationshipEndedSchema = z.object({ tutorId: uuid, studentId: uuid, reason: z.enum(relationshipEndReasons), changedBy: uuid.nullable() });

const studentFellBehindSchema = z.object({
  tutorId: uuid,
  studentId: uuid,
  /** The student's last answer the check saw (null: never practised); one alert per quiet spell. */
  lastPracticeAt: z.string().datetime({ offset: true }).nullable(),
  overdueReviews: z.number().int().min(0),
  reasons: z.array(z.enum(['no_practice', 'overdue_reviews'])).min(1),
});

/** A question set's title: what the tutor and their students see. */
const questionSetTitleSchema = z.string().trim().min(1).max(100).refine(hasVisibleText).refine((title) => !hasHiddenControls(title));
const setEvent = z.object({ setId: uuid });

const questionSetCreatedSchema = setEvent.extend({ tutorId: uuid, title: questionSetTitleSchema });
const questionSetRenamedSchema = setEvent.extend({ title: questionSetTitleSchema });
/** The problem itself is a ProblemCreated (source 'tutor', question_set_id) in its own stream, appended in the same transaction. */
const questionAddedToSetSchema = setEvent.extend({ problemId: uuid });
/** An edit: problems never change once created (answers refer to them), so an edited question is a new problem in the old one's place. */
const questionReplacedInSetSchema = setEvent.extend({ problemId: uuid, replacedProblemId: uuid });
const questionRemovedFromSetSchema = setEvent.extend({ problemId: uuid });
const questionSetAssignedSchema = setEvent.extend({ tutorId: uuid, studentIds: z.array(uuid).min(1) });
/** The set taken back from one student: its unanswered problems leave their queue; answers given stay. */
const questionSetUnassignedSchema = setEvent.extend({ tutorId: uuid, studentId: uuid });

/** A class's name as its tutor and students see it. */
const classNameSchema = z.string().trim().min(1).max(60).refine(hasVisibleText).refine((name) => !hasHiddenControls(name));
const classTimeZoneSchema = z.enum(TIME_ZONE_IDS as [string, ...string[]]);
/** A due date and time as the tutor chose it, in the class's time zone ('2026-03-05T17:00'). */
const localDateTimeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
const classEvent = z.object({ classId: uuid });

const classCreatedSchema = classEvent.extend({ tutorId: uuid, name: classNameSchema, timeZone: classTimeZoneSchema, joinCode: referralCodeSchema });
const classRenamedSchema = classEvent.extend({ name: classNameSchema });
const classTimeZoneChangedSchema = classEvent.extend({ timeZone: classTimeZoneSchema });
const classArchivedSchema = classEvent;
const classRestoredSchema = classEvent;
/** A new code (the old one leaked, or a new school year): the old code stops working at once. */
const classJoinCodeChangedSchema = classEvent.extend({ joinCode: referralCodeSchema, previousCode: referralCodeSchema });
const studentJoinedClassSchema = classEvent.extend({ tutorId: uuid, studentId: uuid, via: z.enum(classJoinVias) });
const studentLeftClassSchema = classEvent.extend({
  tutorId: uuid,
  studentId: uuid,
  reason: z.enum(['removed', 'moved', 'left', 'role_changed']),
  /** Where a moved student went. */
  toClassId: uuid.optional(),
});

/** Where an assignment's problems came from: a topic of the bank, problems picked from the bank, or a question set of the tutor's. */
const assignmentSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('topic'), topicId: z.string().min(1).max(100), grade: z.number().int().min(1).max(12), difficulty: z.number().int().min(1).max(5).nullable() }),
  z.object({ kind: z.literal('problems') }),
  z.object({ kind: z.literal('question_set'), setId: uuid }),
]);
export const MAX_ASSIGNMENT_PROBLEMS = 50;
export const MAX_CLASS_STUDENTS = 200;
export const assignmentTitleSchema = z.string().trim().min(1).max(100).refine(hasVisibleText).refine((title) => !hasHiddenControls(title));
const due = { dueLocal: localDateTimeSchema, timeZone: classTimeZoneSchema, dueAt: z.string().datetime({ offset: true }) };
const classAssignmentCreatedSchema = classEvent.extend({
  tutorId: uuid,
  assignmentId: uuid,
  title: assignmentTitleSchema,
  source: assignmentSourceSchema,
  problemIds: z.array(uuid).min(1).max(MAX_ASSIGNMENT_PROBLEMS),
  /** The students it was given to, as the class stood then (those who join later do not get it). */
  studentIds: z.array(uuid).min(1).max(MAX_CLASS_STUDENTS),
  ...due,
});
const classAssignmentDueChangedSchema = classEvent.extend({ assignmentId: uuid, studentIds: z.array(uuid).min(1).max(MAX_CLASS_STUDENTS), ...due });
/** `studentIds` as given: whose practice queues and results lose it (or see it re-dated). */
const classAssignmentRemovedSchema = classEvent.extend({ assignmentId: uuid, studentIds: z.array(uuid).min(1).max(MAX_CLASS_STUDENTS) });

export const tutoringEventSchemas = {
  ReferralCodeCreated: referralCodeCreatedSchema,
  ReferralCodeDeactivated: referralCodeDeactivatedSchema,
  ReferralCodeRedeemed: referralCodeRedeemedSchema,
  TutorStudentActivated: statusChangeSchema,
  TutorStudentDeactivated: statusChangeSchema,
  StudentFellBehind: studentFellBehindSchema,
  QuestionSetCreated: questionSetCreatedSchema,
  QuestionSetRenamed: questionSetRenamedSchema,
  QuestionAddedToSet: questionAddedToSetSchema,
  QuestionReplacedInSet: questionReplacedInSetSchema,
  QuestionRemovedFromSet: questionRemovedFromSetSchema,
  QuestionSetAssigned: questionSetAssignedSchema,
  QuestionSetUnassigned: questionSetUnassignedSchema,
  ClassJoinCodeReserved: classJoinCodeReservedSchema,
  StudentJoinedTutorClass: studentJoinedTutorClassSchema,
  TutorStudentRelationshipEnded: tutorStudentRelationshipEndedSchema,
  ClassCreated: classCreatedSchema,
  ClassRenamed: classRenamedSchema,
  ClassTimeZoneChanged: classTimeZoneChangedSchema,
  ClassArchived: classArchivedSchema,
  ClassRestored: classRestoredSchema,
  ClassJoinCodeChanged: classJoinCodeChangedSchema,
  StudentJoinedClass: studentJoinedClassSchema,
  StudentLeftClass: studentLeftClassSchema,
  ClassAssignmentCreated: classAssignmentCreatedSchema,
  ClassAssignmentDueChanged: classAssignmentDueChangedSchema,
  ClassAssignmentRemoved: classAssignmentRemovedSchema,
};

export type AssignmentSource = z.infer<typeof assignmentSourceSchema>;

type Facts<T extends keyof typeof tutoringEventSchemas> = FactsOf<typeof tutoringEventSchemas, T>;

export type ReferralCodeEvent = Facts<'ReferralCodeCreated' | 'ReferralCodeDeactivated' | 'ClassJoinCodeReserved'>;

export type RelationshipEvent = Facts<
  | 'ReferralCodeRedeemed'
  | 'StudentJoinedTutorClass'
  | 'TutorStudentRelationshipEnded'
  | 'TutorStudentActivated'
  | 'TutorStudentDeactivated'
  | 'StudentFellBehind'
>;

export type QuestionSetEvent = Facts<
  | 'QuestionSetCreated'
  | 'QuestionSetRenamed'
  | 'QuestionAddedToSet'
  | 'QuestionReplacedInSet'
  | 'QuestionRemovedFromSet'
  | 'QuestionSetAssigned'
  | 'QuestionSetUnassigned'
>;

export type ClassEvent = Facts<
  | 'ClassCreated'
  | 'ClassRenamed'
  | 'ClassTimeZoneChanged'
  | 'ClassArchived'
  | 'ClassRestored'
  | 'ClassJoinCodeChanged'
  | 'StudentJoinedClass'
  | 'StudentLeftClass'
  | 'ClassAssignmentCreated'
  | 'ClassAssignmentDueChanged'
  | 'ClassAssignmentRemoved'
>;
