import { z } from 'zod';
import { hasHiddenControls, hasVisibleText } from '../plain-text.ts';

/**
 * Events of the tutoring area. Streams:
 * - `referral-{CODE}`: the reservation of one referral code (first event appended with expected
 *   version 'no_stream', so a code is unique in either event store) and its deactivation;
 * - `relationship-{tutorId}-{studentId}`: one tutor–student relationship (a redeemed code makes
 *   it pending; the tutor activates and deactivates it; the scheduled check records falling behind);
 * - `question-set-{setId}`: a tutor's question set (title, its problems in order, the students given it).
 * Time is the envelope's `metadata.at`.
 */

export const questionSetStreamId = (setId: string): string => `question-set-${setId}`;
export const referralStreamId = (code: string): string => `referral-${code}`;
export const relationshipStreamId = (tutorId: string, studentId: string): string => `relationship-${tutorId}-${studentId}`;

/** Upper-case letters and digits, 3-20 (generated codes are TUTOR + 6 of them). */
export const referralCodeSchema = z.string().regex(/^[A-Z0-9]{3,20}$/);
const uuid = z.string().uuid();

export const referralCodeCreatedSchema = z.object({
  code: referralCodeSchema,
  tutorId: uuid,
  kind: z.enum(['generated', 'custom']),
});

export const referralCodeDeactivatedSchema = z.object({ code: referralCodeSchema, tutorId: uuid });

export const referralCodeRedeemedSchema = z.object({
  code: referralCodeSchema,
  tutorId: uuid,
  studentId: uuid,
  via: z.enum(['registration', 'profile']),
});

const statusChangeSchema = z.object({ tutorId: uuid, studentId: uuid, changedBy: uuid });

/** The relationship is over for good: the student's or the tutor's account was erased (the pair leaves every tutor list). */
export const relationshipEndedSchema = z.object({ tutorId: uuid, studentId: uuid, reason: z.enum(['account-erased']) });

export const studentFellBehindSchema = z.object({
  tutorId: uuid,
  studentId: uuid,
  /** The student's last answer the check saw (null: never practised); one alert per quiet spell. */
  lastPracticeAt: z.string().datetime({ offset: true }).nullable(),
  overdueReviews: z.number().int().min(0),
  reasons: z.array(z.enum(['no_practice', 'overdue_reviews'])).min(1),
});

/** A question set's title: what the tutor and their students see. */
export const questionSetTitleSchema = z.string().trim().min(1).max(100).refine(hasVisibleText).refine((title) => !hasHiddenControls(title));
const setEvent = z.object({ setId: uuid });

export const questionSetCreatedSchema = setEvent.extend({ tutorId: uuid, title: questionSetTitleSchema });
export const questionSetRenamedSchema = setEvent.extend({ title: questionSetTitleSchema });
/** The problem itself is a ProblemCreated (source 'tutor', question_set_id) in its own stream, appended in the same transaction. */
export const questionAddedToSetSchema = setEvent.extend({ problemId: uuid });
/** An edit: problems never change once created (answers refer to them), so an edited question is a new problem in the old one's place. */
export const questionReplacedInSetSchema = setEvent.extend({ problemId: uuid, replacedProblemId: uuid });
export const questionRemovedFromSetSchema = setEvent.extend({ problemId: uuid });
export const questionSetAssignedSchema = setEvent.extend({ tutorId: uuid, studentIds: z.array(uuid).min(1) });
/** The set taken back from one student: its unanswered problems leave their queue; answers given stay. */
export const questionSetUnassignedSchema = setEvent.extend({ tutorId: uuid, studentId: uuid });

export const tutoringEventSchemas = {
  ReferralCodeCreated: referralCodeCreatedSchema,
  ReferralCodeDeactivated: referralCodeDeactivatedSchema,
  ReferralCodeRedeemed: referralCodeRedeemedSchema,
  TutorStudentActivated: statusChangeSchema,
  TutorStudentDeactivated: statusChangeSchema,
  StudentFellBehind: studentFellBehindSchema,
  TutorStudentRelationshipEnded: relationshipEndedSchema,
  QuestionSetCreated: questionSetCreatedSchema,
  QuestionSetRenamed: questionSetRenamedSchema,
  QuestionAddedToSet: questionAddedToSetSchema,
  QuestionReplacedInSet: questionReplacedInSetSchema,
  QuestionRemovedFromSet: questionRemovedFromSetSchema,
  QuestionSetAssigned: questionSetAssignedSchema,
  QuestionSetUnassigned: questionSetUnassignedSchema,
};

export type ReferralCodeCreatedData = z.infer<typeof referralCodeCreatedSchema>;
export type ReferralCodeDeactivatedData = z.infer<typeof referralCodeDeactivatedSchema>;
export type ReferralCodeRedeemedData = z.infer<typeof referralCodeRedeemedSchema>;
export type TutorStudentStatusChangeData = z.infer<typeof statusChangeSchema>;
export type StudentFellBehindData = z.infer<typeof studentFellBehindSchema>;

export type ReferralCodeEvent =
  | { type: 'ReferralCodeCreated'; data: ReferralCodeCreatedData }
  | { type: 'ReferralCodeDeactivated'; data: ReferralCodeDeactivatedData };

export type RelationshipEvent =
  | { type: 'ReferralCodeRedeemed'; data: ReferralCodeRedeemedData }
  | { type: 'TutorStudentActivated'; data: TutorStudentStatusChangeData }
  | { type: 'TutorStudentDeactivated'; data: TutorStudentStatusChangeData }
  | { type: 'StudentFellBehind'; data: StudentFellBehindData }
  | { type: 'TutorStudentRelationshipEnded'; data: z.infer<typeof relationshipEndedSchema> };

export type QuestionSetEvent =
  | { type: 'QuestionSetCreated'; data: z.infer<typeof questionSetCreatedSchema> }
  | { type: 'QuestionSetRenamed'; data: z.infer<typeof questionSetRenamedSchema> }
  | { type: 'QuestionAddedToSet'; data: z.infer<typeof questionAddedToSetSchema> }
  | { type: 'QuestionReplacedInSet'; data: z.infer<typeof questionReplacedInSetSchema> }
  | { type: 'QuestionRemovedFromSet'; data: z.infer<typeof questionRemovedFromSetSchema> }
  | { type: 'QuestionSetAssigned'; data: z.infer<typeof questionSetAssignedSchema> }
  | { type: 'QuestionSetUnassigned'; data: z.infer<typeof questionSetUnassignedSchema> };
