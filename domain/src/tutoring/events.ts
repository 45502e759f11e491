import { z } from 'zod';

/**
 * Events of the tutoring area. Streams:
 * - `referral-{CODE}`: the reservation of one referral code (first event appended with expected
 *   version 'no_stream', so a code is unique in either event store) and its deactivation;
 * - `relationship-{tutorId}-{studentId}`: one tutor–student relationship (a redeemed code makes
 *   it pending; the tutor activates and deactivates it; the scheduled check records falling behind).
 * Time is the envelope's `metadata.at`.
 */

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

export const studentFellBehindSchema = z.object({
  tutorId: uuid,
  studentId: uuid,
  /** The student's last answer the check saw (null: never practised); one alert per quiet spell. */
  lastPracticeAt: z.string().datetime({ offset: true }).nullable(),
  overdueReviews: z.number().int().min(0),
  reasons: z.array(z.enum(['no_practice', 'overdue_reviews'])).min(1),
});

export const tutoringEventSchemas = {
  ReferralCodeCreated: referralCodeCreatedSchema,
  ReferralCodeDeactivated: referralCodeDeactivatedSchema,
  ReferralCodeRedeemed: referralCodeRedeemedSchema,
  TutorStudentActivated: statusChangeSchema,
  TutorStudentDeactivated: statusChangeSchema,
  StudentFellBehind: studentFellBehindSchema,
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
  | { type: 'StudentFellBehind'; data: StudentFellBehindData };
