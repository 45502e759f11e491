import { z } from 'zod';
import type { FactsOf } from '../events/envelope.ts';
import { MAX_PLANNED_PROBLEMS, sessionModes } from './practice-session.ts';

/**
 * Events of the practice stream `practice-{userId}`. Time is not part of the data: it is the
 * envelope's `metadata.at`. Ids are opaque strings (uuids in practice).
 */

export const practiceStreamId = (userId: string): string => `practice-${userId}`;

const id = z.string().min(1).max(128);

/**
 * v2 (an upcaster gives v1 events `mode: 'daily'`, no topic and an empty plan): the session's
 * plan, so a reload, another tab or another device continues it at the same problem.
 */
export const practiceSessionStartedSchema = z.object({
  sessionId: id,
  userId: id,
  mode: z.enum(sessionModes),
  /** The topic of a session the student chose by topic; null otherwise. */
  topicId: id.nullable(),
  /** The problems the session asks, in order (empty for a session started without a plan). */
  problemIds: z.array(id).max(MAX_PLANNED_PROBLEMS),
});

/** "Keep going": more problems added to an open session's plan. */
export const practiceSessionExtendedSchema = z.object({
  sessionId: id,
  userId: id,
  problemIds: z.array(id).min(1).max(MAX_PLANNED_PROBLEMS),
});

export const hintOpenedSchema = z.object({
  sessionId: id,
  userId: id,
  problemId: id,
});

export const answerSubmittedSchema = z.object({
  attemptId: id,
  sessionId: id,
  userId: id,
  problemId: id,
  /** Topic name as shown to people, copied from the problem. */
  topic: z.string().min(1).max(200),
  topicId: id,
  grade: z.number().int().min(1).max(12),
  difficultyLevel: z.number().int().min(1).max(5),
  userAnswer: z.string().max(1000),
  /** Computed by the server when the answer was checked. */
  isCorrect: z.boolean(),
  responseTimeMs: z.number().int().min(0).max(86_400_000),
  hintsUsed: z.union([z.literal(0), z.literal(1)]),
  /** What the checker told the student beyond right or wrong (units, exactness, form); absent when nothing. */
  feedback: z.string().max(500).optional(),
});

export const difficultyRatedSchema = z.object({
  attemptId: id,
  sessionId: id,
  userId: id,
  problemId: id,
  rating: z.number().int().min(1).max(5),
});

/**
 * v2 (an upcaster gives v1 events no retries, `endedAt` = the event's time and reason 'ended'):
 * the session's counts as `sessionCounts` defines them, and when and why it ended.
 */
export const practiceSessionEndedSchema = z.object({
  sessionId: id,
  userId: id,
  /** Problems answered, each counted once by its first answer. */
  problemsCompleted: z.number().int().min(0),
  /** Problems right at the first try. */
  correctAnswers: z.number().int().min(0),
  /** Answers to problems already answered in the session (a missed problem tried again). */
  retries: z.number().int().min(0),
  /** Problems missed at first and right on a retry. */
  correctOnRetry: z.number().int().min(0),
  /** When the session ended: the end command's time, or the last activity of an abandoned session. */
  endedAt: z.string().datetime({ offset: true }),
  /** finished: every planned problem answered; ended: End Session; idle: abandoned, ended by the scheduled check. */
  reason: z.enum(['finished', 'ended', 'idle']),
});

export const practiceEventSchemas = {
  PracticeSessionStarted: practiceSessionStartedSchema,
  PracticeSessionExtended: practiceSessionExtendedSchema,
  HintOpened: hintOpenedSchema,
  AnswerSubmitted: answerSubmittedSchema,
  DifficultyRated: difficultyRatedSchema,
  PracticeSessionEnded: practiceSessionEndedSchema,
};

export type AnswerSubmittedData = z.infer<typeof answerSubmittedSchema>;
export type DifficultyRatedData = z.infer<typeof difficultyRatedSchema>;
export type PracticeSessionEndedData = z.infer<typeof practiceSessionEndedSchema>;

export type AnswerSubmitted = FactsOf<typeof practiceEventSchemas, 'AnswerSubmitted'>;
export type PracticeEvent = FactsOf<typeof practiceEventSchemas>;

/**
 * Events of the placement stream `placement-{userId}` (placement-decider.ts): the adaptive check
 * that sets a starting grade. An answer carries what the estimate and the knowledge model need,
 * so a replay reproduces both without generating the problems again.
 */

export const placementStreamId = (userId: string): string => `placement-${userId}`;

const grade = z.number().int().min(1).max(12);

export const placementStartedSchema = z.object({
  placementId: id,
  userId: id,
  /** Seeds every question's choice of problem (placementQuestion). */
  seed: z.number().int().min(0).max(0xffffffff),
  /** The grade the student gave (else their last placement's), if any: the estimate's prior leans towards it. */
  statedGrade: grade.nullable(),
});

export const placementAnswerRecordedSchema = z.object({
  placementId: id,
  userId: id,
  /** 1-based. */
  question: z.number().int().min(1).max(12),
  templateId: z.string().min(1).max(100),
  problemSeed: z.number().int().min(0).max(0xffffffff),
  topic: z.string().min(1).max(200),
  topicId: id,
  grade,
  difficultyLevel: z.number().int().min(1).max(5),
  multipleChoice: z.boolean(),
  /** Empty when the student said they have not learned this yet. */
  userAnswer: z.string().max(1000),
  skipped: z.boolean(),
  isCorrect: z.boolean(),
  responseTimeMs: z.number().int().min(0).max(86_400_000),
});

export const placementCompletedSchema = z.object({
  placementId: id,
  userId: id,
  /** The starting grade: new practice problems come from it. */
  grade,
  questions: z.number().int().min(1).max(12),
  correct: z.number().int().min(0).max(12),
});

export const placementEventSchemas = {
  PlacementStarted: placementStartedSchema,
  PlacementAnswerRecorded: placementAnswerRecordedSchema,
  PlacementCompleted: placementCompletedSchema,
};

export type PlacementAnswerRecordedData = z.infer<typeof placementAnswerRecordedSchema>;
export type PlacementCompletedData = z.infer<typeof placementCompletedSchema>;

export type PlacementEvent = FactsOf<typeof placementEventSchemas>;
