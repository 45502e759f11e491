import { z } from 'zod';

/**
 * Events of the practice stream `practice-{userId}`. Time is not part of the data: it is the
 * envelope's `metadata.at`. Ids are opaque strings (uuids in practice).
 */

export const practiceStreamId = (userId: string): string => `practice-${userId}`;

const id = z.string().min(1).max(128);

export const practiceSessionStartedSchema = z.object({
  sessionId: id,
  userId: id,
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

export const practiceSessionEndedSchema = z.object({
  sessionId: id,
  userId: id,
  problemsCompleted: z.number().int().min(0),
  correctAnswers: z.number().int().min(0),
});

export const practiceEventSchemas = {
  PracticeSessionStarted: practiceSessionStartedSchema,
  HintOpened: hintOpenedSchema,
  AnswerSubmitted: answerSubmittedSchema,
  DifficultyRated: difficultyRatedSchema,
  PracticeSessionEnded: practiceSessionEndedSchema,
};

export type PracticeSessionStartedData = z.infer<typeof practiceSessionStartedSchema>;
export type HintOpenedData = z.infer<typeof hintOpenedSchema>;
export type AnswerSubmittedData = z.infer<typeof answerSubmittedSchema>;
export type DifficultyRatedData = z.infer<typeof difficultyRatedSchema>;
export type PracticeSessionEndedData = z.infer<typeof practiceSessionEndedSchema>;

export type PracticeSessionStarted = { type: 'PracticeSessionStarted'; data: PracticeSessionStartedData };
export type HintOpened = { type: 'HintOpened'; data: HintOpenedData };
export type AnswerSubmitted = { type: 'AnswerSubmitted'; data: AnswerSubmittedData };
export type DifficultyRated = { type: 'DifficultyRated'; data: DifficultyRatedData };
export type PracticeSessionEnded = { type: 'PracticeSessionEnded'; data: PracticeSessionEndedData };

export type PracticeEvent =
  | PracticeSessionStarted
  | HintOpened
  | AnswerSubmitted
  | DifficultyRated
  | PracticeSessionEnded;

export type PracticeEventType = PracticeEvent['type'];

export const practiceEventTypes = Object.keys(practiceEventSchemas) as PracticeEventType[];

export const isPracticeEvent = (event: { type: string }): event is PracticeEvent =>
  Object.hasOwn(practiceEventSchemas, event.type);

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

export type PlacementStartedData = z.infer<typeof placementStartedSchema>;
export type PlacementAnswerRecordedData = z.infer<typeof placementAnswerRecordedSchema>;
export type PlacementCompletedData = z.infer<typeof placementCompletedSchema>;

export type PlacementEvent =
  | { type: 'PlacementStarted'; data: PlacementStartedData }
  | { type: 'PlacementAnswerRecorded'; data: PlacementAnswerRecordedData }
  | { type: 'PlacementCompleted'; data: PlacementCompletedData };
