import { z } from 'zod';
import { relationshipStatuses } from '../tutoring/relationship-decider.ts';
import { commandPosition, isoTime, localDate, position } from './common.ts';
import { answeredProblem } from './problems.ts';

/** A student's link with a tutor. */
const relationshipStatus = z.enum(relationshipStatuses);
export type RelationshipStatus = z.input<typeof relationshipStatus>;
/** Where a student stands on an assignment (domain AssignmentStatus). */
const assignmentStatus = z.enum(['not_started', 'in_progress', 'done', 'overdue']);

/** An activity item of the tutor's feed (the dashboard's Recent Activity and the /api/live socket). */
const activityItem = z.object({
  /** Stable per happening: a session's row keeps its id while it grows, so clients replace it. */
  id: z.string(),
  /** Position of the event that last changed it: ordering, and the /api/live resume cursor. */
  position,
  type: z.string(),
  alert: z.boolean(),
  message: z.string(),
  timestamp: isoTime,
  started_at: isoTime,
  student_id: z.string(),
  student_name: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type ActivityItem = z.input<typeof activityItem>;

/** SPEC §3 "Student (tutor view)", with who they belong to. */
const tutorStudent = z.object({
  id: z.string(),
  tutor_id: z.string(),
  name: z.string(),
  email: z.string(),
  grade_level: z.number().nullable(),
  relationship_status: relationshipStatus,
  referral_code: z.string(),
  created_at: isoTime,
  last_active: isoTime.nullable(),
  practising_now: z.boolean(),
  /** The tutor's open classes the student is in. */
  classes: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Right answers of all answers in the last 30 days (null: none). */
  accuracy: z.number().nullable(),
  answers_30d: z.number(),
});
export type TutorStudent = z.input<typeof tutorStudent>;

/** GET /api/tutors/dashboard[?tutor_id]. */
export const tutorDashboardResponse = z.object({
  stats: z.object({ totalStudents: z.number(), activeStudents: z.number(), pendingStudents: z.number(), totalReferrals: z.number() }),
  recentActivity: z.array(activityItem),
  recentStudents: z.array(tutorStudent),
});
export type TutorDashboardResponse = z.input<typeof tutorDashboardResponse>;

/** GET /api/tutors/students[?tutor_id&search&status&class_id&sort]. */
export const tutorStudentsResponse = z.object({ students: z.array(tutorStudent), total: z.number() });
export type TutorStudentsResponse = z.input<typeof tutorStudentsResponse>;

const referralCode = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(['generated', 'custom']),
  status: relationshipStatus,
  created_at: isoTime,
  used_at: isoTime.nullable(),
  uses: z.number(),
  student_name: z.string().nullable(),
  student_email: z.string().nullable(),
});
export type ReferralCode = z.input<typeof referralCode>;
/** GET /api/tutors/referral-codes[?tutor_id]. */
export const referralCodesResponse = z.object({
  codes: z.array(referralCode),
  stats: z.object({
    totalCodes: z.number(),
    activeCodes: z.number(),
    pendingCodes: z.number(),
    inactiveCodes: z.number(),
    totalUses: z.number(),
    studentsJoined: z.number(),
    activeStudents: z.number(),
  }),
});
export type ReferralCodesResponse = z.input<typeof referralCodesResponse>;

/** GET /api/tutors/students/{userId}/progress: the student detail's charts (the last 30 days in the student's time zone). */
export const studentProgressResponse = z.object({
  student: z.object({ id: z.string(), name: z.string(), email: z.string(), grade_level: z.number().nullable(), last_active: isoTime.nullable() }).nullable(),
  today: localDate,
  timezone: z.string(),
  problems_due_today: z.number(),
  problems_overdue: z.number(),
  problems_attempted: z.number(),
  problems_mastered: z.number(),
  topics: z.array(z.string()),
  /** Per day (`date`), each topic's mastery rate (problems mastered of problems attempted) as the day ended, or null: `{ date, [topic]: rate }`. */
  mastery_over_time: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  days: z.array(
    z.object({
      date: localDate,
      answers: z.number(),
      correct: z.number(),
      problems: z.number(),
      retries: z.number(),
      accuracy: z.number().nullable(),
      study_minutes: z.number(),
    }),
  ),
});
/** `mastery_over_time` typed as it is: a `date` and a rate per topic. */
export type StudentProgressResponse = Omit<z.input<typeof studentProgressResponse>, 'mastery_over_time'> & {
  mastery_over_time: ({ date: string } & Record<string, number | null | string>)[];
};

/** A question set in the tutor's list. */
const questionSetSummary = z.object({
  id: z.string(),
  tutor_id: z.string(),
  title: z.string(),
  question_count: z.number(),
  assigned_count: z.number(),
  created_at: isoTime,
  updated_at: isoTime,
});
/** GET /api/tutors/question-sets[?tutor_id]. */
export const questionSetsResponse = z.object({ sets: z.array(questionSetSummary) });
export type QuestionSetsResponse = z.input<typeof questionSetsResponse>;

/** GET /api/tutors/question-sets/{id}: the set's questions in order, every field (the tutor's own), and the students given it. */
export const questionSetResponse = z.object({
  id: z.string(),
  tutor_id: z.string(),
  title: z.string(),
  created_at: isoTime,
  updated_at: isoTime,
  questions: z.array(answeredProblem),
  assigned_students: z.array(z.object({ id: z.string(), name: z.string(), assigned_at: isoTime })),
});
export type QuestionSetResponse = z.input<typeof questionSetResponse>;

/** A class as its tutor sees it. */
const tutorClass = z.object({
  id: z.string(),
  tutor_id: z.string(),
  name: z.string(),
  time_zone: z.string(),
  join_code: z.string(),
  archived_at: isoTime.nullable(),
  created_at: isoTime,
});
const classSummary = tutorClass.extend({ students: z.number(), active_students: z.number(), open_assignments: z.number() });
export type ClassSummary = z.input<typeof classSummary>;
/** GET /api/tutors/classes[?tutor_id]: open classes first, by name. */
export const classesResponse = z.object({ classes: z.array(classSummary) });
export type ClassesResponse = z.input<typeof classesResponse>;

/** A student of the class's roster. */
const rosterStudent = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  grade_level: z.number().nullable(),
  relationship_status: relationshipStatus,
  joined_at: isoTime,
  last_active: isoTime.nullable(),
  practising_now: z.boolean(),
  accuracy: z.number().nullable(),
  answers_30d: z.number(),
});
export type RosterStudent = z.input<typeof rosterStudent>;

/** Where an assignment's problems came from (domain AssignmentSource). */
const assignmentSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('topic'), topicId: z.string(), grade: z.number(), difficulty: z.number().nullable() }),
  z.object({ kind: z.literal('problems') }),
  z.object({ kind: z.literal('question_set'), setId: z.string() }),
]);

/** An assignment as stored (read model class_assignments). */
const assignment = z.object({
  id: z.string(),
  class_id: z.string(),
  title: z.string(),
  source: assignmentSource,
  problem_ids: z.array(z.string()),
  student_ids: z.array(z.string()),
  due_at: isoTime,
  /** The due time as the class reads it: `YYYY-MM-DDTHH:MM` in `time_zone`. */
  due_local: z.string(),
  time_zone: z.string(),
  created_at: isoTime,
});
/** How many of the assignment's students stand where, and the average score of those done. */
const assignmentCounts = {
  students: z.number(),
  done: z.number(),
  in_progress: z.number(),
  not_started: z.number(),
  overdue: z.number(),
  average_score: z.number().nullable(),
};
const assignmentSummary = assignment.extend({ problem_count: z.number(), ...assignmentCounts });
export type AssignmentSummary = z.input<typeof assignmentSummary>;

/** GET /api/tutors/classes/{id}: the class, its roster and its work. */
export const classDetailResponse = z.object({ class: tutorClass, students: z.array(rosterStudent), assignments: z.array(assignmentSummary) });
export type ClassDetailResponse = z.input<typeof classDetailResponse>;

/** One student's standing on one assignment. */
const standing = z.object({
  status: assignmentStatus,
  answered: z.number(),
  total: z.number(),
  correct: z.number(),
  /** Right answers of all its problems, once done; null before. */
  score: z.number().nullable(),
  late: z.boolean(),
  completed_at: isoTime.nullable(),
});

/** GET /api/tutors/classes/{id}/assignments/{assignmentId}: the assignment's problems (answers too) and each student's standing. */
export const assignmentDetailResponse = assignment.extend({
  class_name: z.string(),
  ...assignmentCounts,
  problems: z.array(answeredProblem.extend({ answered: z.number(), wrong: z.number() })),
  /** Per student: the standing and, per problem, their first answer since it was set ([right, at]). */
  students: z.array(standing.extend({ id: z.string(), name: z.string(), answers: z.record(z.string(), z.tuple([z.boolean(), isoTime])) })),
});
export type AssignmentDetailResponse = z.input<typeof assignmentDetailResponse>;

/** A student's live state (domain LiveLearner). */
const liveLearner = z.object({
  sessionId: z.string().nullable(),
  sessionStartedAt: isoTime.nullable(),
  problemSince: isoTime.nullable(),
  lastEventAt: isoTime.nullable(),
  topic: z.string().nullable(),
  right: z.number(),
  wrong: z.number(),
  missStreak: z.number(),
  missesSince: isoTime.nullable(),
  lastAnswerAt: isoTime.nullable(),
});
const needsHelp = z.discriminatedUnion('reason', [
  z.object({ reason: z.literal('misses'), since: isoTime, misses: z.number() }),
  z.object({ reason: z.literal('time'), since: isoTime, minutes: z.number() }),
]);
/** A student's card in the live class view. */
const liveCard = z.object({
  id: z.string(),
  name: z.string(),
  relationship_status: relationshipStatus,
  live: liveLearner.nullable(),
  status: z.enum(['practising', 'idle', 'not_started']).nullable(),
  needs_help: needsHelp.nullable(),
  answers_today: z.number(),
  correct_today: z.number(),
});
export type LiveCard = z.input<typeof liveCard>;
/** GET /api/tutors/classes/{id}/live, and the websocket /api/live/class's snapshots: the class as of now. */
export const classLiveResponse = z.object({
  class: z.object({ id: z.string(), name: z.string(), time_zone: z.string(), archived: z.boolean() }),
  now: isoTime,
  start_of_today: isoTime,
  students: z.array(liveCard),
  trouble: z.object({
    problems: z.array(
      z.object({ problem_id: z.string(), topic: z.string(), question: z.string(), wrong: z.number(), students: z.number(), answers: z.number(), accuracy: z.number().nullable() }),
    ),
    topics: z.array(z.object({ topic: z.string(), wrong: z.number(), answers: z.number(), students: z.number(), accuracy: z.number() })),
  }),
});
export type ClassLiveResponse = z.input<typeof classLiveResponse>;

/** GET /api/tutors/students/{userId}/report: the printable student report. */
export const studentReportResponse = z.object({
  student: z.object({ id: z.string(), name: z.string(), email: z.string(), grade_level: z.number().nullable(), timezone: z.string(), last_active: isoTime.nullable() }),
  generated_at: isoTime,
  totals: z.object({ answers: z.number(), correct: z.number(), accuracy: z.number().nullable(), topics_practised: z.number(), topics_mastered: z.number() }),
  topics: z.array(
    z.object({
      topic: z.string(),
      attempts: z.number(),
      correct: z.number(),
      accuracy: z.number().nullable(),
      mastery: z.number().nullable(),
      mastery_level: z.string().nullable(),
      last_answer_at: isoTime.nullable(),
    }),
  ),
  recent_sessions: z.array(
    z.object({
      session_id: z.string(),
      started_at: isoTime,
      ended_at: isoTime,
      answers: z.number(),
      correct: z.number(),
      topics: z.array(z.string()),
      response_ms: z.number(),
      accuracy: z.number().nullable(),
      minutes: z.number(),
    }),
  ),
  assignments: z.array(
    standing.extend({ id: z.string(), title: z.string(), class_name: z.string(), due_at: isoTime, due_local: z.string(), time_zone: z.string() }),
  ),
  assignments_total: z.number(),
  /** "2 done (avg 80%), 1 in progress" ("No work set" when none). */
  assignment_summary: z.string(),
});
export type StudentReportResponse = z.input<typeof studentReportResponse>;

/** GET /api/classes/mine (students): their classes and the work set in them. */
export const myClassesResponse = z.object({
  classes: z.array(z.object({ id: z.string(), name: z.string(), tutor_name: z.string(), joined_at: isoTime })),
  assignments: z.array(
    standing.extend({
      id: z.string(),
      title: z.string(),
      class_id: z.string(),
      class_name: z.string(),
      due_at: isoTime,
      due_local: z.string(),
      time_zone: z.string(),
    }),
  ),
});
export type MyClassesResponse = z.input<typeof myClassesResponse>;

/** GET /api/classes/join/{code} (students): the class a join link names. */
export const classInviteResponse = z.object({ class_id: z.string(), class_name: z.string(), tutor_name: z.string(), member: z.boolean(), code: z.string() });
export type ClassInviteResponse = z.input<typeof classInviteResponse>;

// Commands (command-api/src/tutors/*).

/** POST /api/tutors/referral-codes (201): a new code, pending until a student uses it. */
export const referralCodeCreatedResponse = z.object({ code: z.string(), status: z.literal('pending'), position: commandPosition });
export type ReferralCodeCreatedResponse = z.input<typeof referralCodeCreatedResponse>;
/** POST /api/tutors/referral-codes/check: whether a custom code can be had. */
export const referralCodeCheckResponse = z.object({ code: z.string().nullable(), status: z.enum(['available', 'yours', 'taken', 'invalid']), message: z.string() });
export type ReferralCodeCheckResponse = z.input<typeof referralCodeCheckResponse>;
/** POST /api/tutors/referral-codes/{code}/deactivate. */
export const referralCodeDeactivatedResponse = z.object({ code: z.string(), status: z.literal('inactive'), position: commandPosition });
export type ReferralCodeDeactivatedResponse = z.input<typeof referralCodeDeactivatedResponse>;
/** POST /api/tutors/referral-codes/redeem (students): joined a tutor, or a class (`class_id`). */
export const referralCodeRedeemedResponse = z.object({ message: z.string(), class_id: z.string().optional(), position: commandPosition });
export type ReferralCodeRedeemedResponse = z.input<typeof referralCodeRedeemedResponse>;
/** PUT /api/tutors/students/{id}. */
export const studentStatusResponse = z.object({ id: z.string(), relationship_status: relationshipStatus, position: commandPosition });
export type StudentStatusResponse = z.input<typeof studentStatusResponse>;
/** POST /api/tutors/students/bulk: per student, done or why not. */
export const bulkResultResponse = z.object({
  results: z.array(
    z.discriminatedUnion('ok', [
      z.object({ student_id: z.string(), ok: z.literal(true) }),
      z.object({ student_id: z.string(), ok: z.literal(false), code: z.string(), message: z.string() }),
    ]),
  ),
  succeeded: z.number(),
  failed: z.number(),
  position: commandPosition,
});
export type BulkResultResponse = z.input<typeof bulkResultResponse>;

/** POST /api/tutors/question-sets (201) and PUT /api/tutors/question-sets/{id}. */
export const questionSetSavedResponse = z.object({ id: z.string(), title: z.string(), position: commandPosition });
export type QuestionSetSavedResponse = z.input<typeof questionSetSavedResponse>;
/** POST /api/tutors/question-sets/{id}/questions (201) and PUT …/questions/{problemId}: the question's (new) problem id. */
export const questionSavedResponse = z.object({ problem_id: z.string(), position: commandPosition });
export type QuestionSavedResponse = z.input<typeof questionSavedResponse>;
/** POST /api/tutors/question-sets/{id}/assignments. */
export const questionSetAssignedResponse = z.object({ assigned: z.array(z.string()), position: commandPosition });
export type QuestionSetAssignedResponse = z.input<typeof questionSetAssignedResponse>;

/** POST /api/tutors/classes (201). */
export const classCreatedResponse = z.object({ id: z.string(), name: z.string(), time_zone: z.string(), join_code: z.string(), position: commandPosition });
export type ClassCreatedResponse = z.input<typeof classCreatedResponse>;
/** PUT /api/tutors/classes/{id}. */
export const classUpdatedResponse = z.object({ id: z.string(), position: commandPosition });
export type ClassUpdatedResponse = z.input<typeof classUpdatedResponse>;
/** POST /api/tutors/classes/{id}/archive and …/restore. */
export const classArchivedResponse = z.object({ id: z.string(), archived: z.boolean(), position: commandPosition });
export type ClassArchivedResponse = z.input<typeof classArchivedResponse>;
/** POST /api/tutors/classes/{id}/join-code: the class's new code. */
export const classCodeResponse = z.object({ id: z.string(), join_code: z.string(), position: commandPosition });
export type ClassCodeResponse = z.input<typeof classCodeResponse>;
/** POST /api/tutors/classes/{id}/assignments (201). */
export const assignmentCreatedResponse = z.object({ id: z.string(), title: z.string(), student_ids: z.array(z.string()), due_at: isoTime, position: commandPosition });
export type AssignmentCreatedResponse = z.input<typeof assignmentCreatedResponse>;
/** PUT /api/tutors/classes/{id}/assignments/{assignmentId}: the new due time. */
export const assignmentRedatedResponse = z.object({ id: z.string(), due_at: isoTime, position: commandPosition });
export type AssignmentRedatedResponse = z.input<typeof assignmentRedatedResponse>;
