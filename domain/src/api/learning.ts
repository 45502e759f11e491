import { z } from 'zod';
import { topicStatuses } from '../learning/knowledge-map.ts';
import { commandPosition, isoTime, localDate, withheld } from './common.ts';
import { askedProblem, shownAnswerForm } from './problems.ts';

/** An achievement's category (domain AchievementCategory). */
const achievementCategory = z.enum(['milestone', 'subject', 'challenge', 'performance', 'streak', 'learning']);
/** A difficulty rating 1-5 (domain DifficultyRating). */
const difficultyRating = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);

/** A problem as it is asked before it is answered: no answer, explanation, hint, template or seed. */
const unansweredProblem = askedProblem.extend({
  answer_form: shownAnswerForm,
  difficulty_level: z.number(),
  estimated_time_seconds: z.number(),
});

/**
 * A problem as the learner sees it before answering (query-api get-due-problems.ts
 * practiceProblem): no answer, explanation or hint (submit-answer returns the first two, POST
 * /api/learning/hints the hint), no template id or seed (they would regenerate the answer), and
 * an answer form without the `accept` spellings. The three are `withheld`: always null here,
 * whatever the handler held.
 */
const practiceProblem = unansweredProblem.extend({
  source: z.string(),
  created_at: isoTime,
  correct_answer: withheld(),
  explanation: withheld(),
  hint: withheld(),
  /** Whether POST /api/learning/hints has a hint to open. */
  has_hint: z.boolean(),
});
export type PracticeProblem = z.input<typeof practiceProblem>;

/** SPEC §3 progress of a due problem: the FSRS card (a new problem's is a new card, due now) and the student's record on it. */
const reviewProgress = z.object({
  next_review_at: isoTime,
  last_review_at: isoTime.nullable(),
  consecutive_correct: z.number(),
  reps: z.number(),
  lapses: z.number(),
  attempts: z.number(),
  correct_attempts: z.number(),
  stability_days: z.number(),
  fsrs_difficulty: z.number(),
  state: z.string(),
  mastered: z.boolean(),
  retrievability: z.number(),
});

/** SPEC §3 "Due problem". */
const dueProblem = practiceProblem.extend({
  kind: z.enum(['review', 'new']),
  /** A new problem from a question set the student's tutor assigned (the Learn page says so). */
  assigned: z.boolean(),
  progress: reviewProgress,
  /** The knowledge model's probability of a right answer, 0-1. */
  predicted_success: z.number(),
});
export type DueProblem = z.input<typeof dueProblem>;

/** GET /api/learning/due-problems/{userId}?limit&topic. */
export const dueProblemsResponse = z.object({
  data: z.object({ problems: z.array(dueProblem), reviews: z.number(), new: z.number(), due_total: z.number() }),
});
export type DueProblemsResponse = z.input<typeof dueProblemsResponse>;

/** A problem of the session to continue: as the queue showed it, with the answer and explanation once the student answered it (they saw them). */
const sessionProblem = practiceProblem.extend({
  correct_answer: z.string().nullable(),
  explanation: z.string().nullable(),
  kind: z.enum(['review', 'new']),
  assigned: z.boolean(),
  progress: z.object({ next_review_at: isoTime.nullable(), consecutive_correct: z.number() }),
});

/** An answer given in the session to continue. */
const sessionAnswer = z.object({
  attempt_id: z.string(),
  problem_id: z.string(),
  user_answer: z.string(),
  is_correct: z.boolean(),
  /** False for a missed problem answered again (not scored a second time). */
  first_try: z.boolean(),
  hints_used: z.number(),
  difficulty_rating: z.number().nullable(),
  response_time_ms: z.number(),
  feedback: z.string().nullable(),
  answered_at: isoTime,
});

/** The session counts as the summary shows them (`sessionCounts`). */
const sessionCounts = z.object({ problems_completed: z.number(), correct_answers: z.number(), retries: z.number(), correct_on_retry: z.number() });

const openSession = z.object({
  session_id: z.string(),
  mode: z.string(),
  topic_id: z.string().nullable(),
  /** The planned problem ids in order. */
  plan: z.array(z.string()),
  started_at: isoTime,
  last_activity_at: isoTime,
  /** Problems whose hint was opened. */
  hints_opened: z.array(z.string()),
  problems: z.array(sessionProblem),
  answers: z.array(sessionAnswer),
  counts: sessionCounts,
});
export type OpenSessionView = z.input<typeof openSession>;

/** GET /api/learning/sessions/current/{userId}: the session to continue, or null. */
export const currentSessionResponse = z.object({ data: z.object({ session: openSession.nullable() }) });
export type CurrentSessionResponse = z.input<typeof currentSessionResponse>;

/** One topic of the progress summary's mastery_by_topic (keyed by the topic's name). */
const topicMastery = z.object({
  topic_id: z.string(),
  mastered: z.number(),
  /** Problems practised in the topic. */
  total: z.number(),
  mastery_rate: z.number(),
  mastery_level: z.string(),
  attempts: z.number(),
  success_rate: z.number(),
});
export type TopicMastery = z.input<typeof topicMastery>;

/** GET /api/learning/progress/{userId}: SPEC §3's progress summary and the progress page's extras. */
const progressSummary = z.object({
  total_problems_attempted: z.number(),
  total_problems_mastered: z.number(),
  total_study_time_seconds: z.number(),
  current_streak: z.number(),
  longest_streak: z.number(),
  /** 0-1 */
  overall_success_rate: z.number(),
  problems_due_today: z.number(),
  problems_overdue: z.number(),
  average_mastery_time_days: z.number().nullable(),
  mastery_by_topic: z.record(z.string(), topicMastery),
  mastery_rate: z.number(),
  mastery_level: z.string(),
  total_answers: z.number(),
  correct_answers: z.number(),
  problems_practised: z.number(),
  problems_right_first_time: z.number(),
  retries: z.number(),
  problems_solved: z.number(),
  average_response_time_ms: z.number().nullable(),
  achievements_earned: z.number(),
  practiced_today: z.boolean(),
  today: localDate,
  timezone: z.string(),
  recent_activity: z.array(z.object({ date: localDate, answers: z.number(), correct: z.number(), study_time_seconds: z.number() })),
  recent_attempts: z.array(
    z.object({
      attempt_id: z.string(),
      problem_id: z.string(),
      topic: z.string(),
      is_correct: z.boolean(),
      hints_used: z.number(),
      response_time_ms: z.number(),
      difficulty_rating: z.number().nullable(),
      was_review: z.boolean(),
      answered_at: isoTime,
    }),
  ),
  /** Reviews due on each of the next 14 local days, today first. */
  reviews_ahead: z.array(z.object({ date: localDate, reviews: z.number() })),
});
export type ProgressSummary = z.input<typeof progressSummary>;
export const progressResponse = z.object({ data: progressSummary });
export type ProgressResponse = z.input<typeof progressResponse>;

/** A topic on the knowledge map (GET /api/learning/topics/{userId}). */
const mapTopic = z.object({
  topic_id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The first and last grade it is taught in. */
  grades: z.tuple([z.number(), z.number()]),
  status: z.enum(topicStatuses),
  /** Names of the prerequisites not mastered yet. */
  missing_prerequisites: z.array(z.string()),
  answers: z.number(),
  mastered: z.boolean(),
  predicted_success: z.number(),
});
export type MapTopic = z.input<typeof mapTopic>;
const knowledgeMap = z.object({ grade: z.number().nullable(), strands: z.array(z.object({ strand: z.string(), topics: z.array(mapTopic) })) });
export const topicsResponse = z.object({ data: knowledgeMap });
export type TopicsResponse = z.input<typeof topicsResponse>;

/** SPEC §3 Achievement. */
const achievement = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: achievementCategory,
  icon: z.string(),
  color: z.string(),
  requirement: z.number(),
  earned: z.boolean(),
  /** ISO time of the answer that earned it, or null. */
  earnedDate: isoTime.nullable(),
  /** 0-100 */
  progress: z.number(),
});
export type Achievement = z.input<typeof achievement>;
const achievementsData = z.object({
  achievements: z.array(achievement),
  earned: z.number(),
  total: z.number(),
  by_category: z.record(z.string(), z.object({ earned: z.number(), total: z.number() })),
  /** Ids of up to 3 unearned achievements above 50 %. */
  next: z.array(z.string()),
});
export type AchievementsData = z.input<typeof achievementsData>;
/** GET /api/learning/achievements/{userId}. */
export const achievementsResponse = z.object({ data: achievementsData });
export type AchievementsResponse = z.input<typeof achievementsResponse>;

/** GET /api/learning/dashboard/{userId}: the student dashboard's tiles and cards. */
const dashboardData = z.object({
  problems_solved: z.number(),
  day_streak: z.number(),
  grade_level: z.number().nullable(),
  /** How much of the grade's problem bank is solved, 0-100. */
  progress_percent: z.number(),
  problems_due: z.number(),
  problems_overdue: z.number(),
  achievements_earned: z.number(),
  achievements_total: z.number(),
  problems_mastered: z.number(),
  mastery_rate: z.number(),
  mastery_level: z.string(),
  total_answers: z.number(),
  practiced_today: z.boolean(),
});
export type DashboardData = z.input<typeof dashboardData>;
export const dashboardResponse = z.object({ data: dashboardData });
export type DashboardResponse = z.input<typeof dashboardResponse>;

/** GET /api/learning/placement (students, their own). */
const placementView = z.object({
  status: z.enum(['not_started', 'in_progress', 'completed']),
  placement_id: z.string().nullable(),
  /** The current question's number (1-based) while in progress. */
  question: z.number().nullable(),
  max_questions: z.number(),
  /** The current question, shown as a practice problem before it is answered. */
  problem: unansweredProblem.nullable(),
  /** The starting grade of the last finished check. */
  grade: z.number().nullable(),
  completed_at: isoTime.nullable(),
});
export type PlacementView = z.input<typeof placementView>;
export const placementResponse = z.object({ data: placementView });
export type PlacementResponse = z.input<typeof placementResponse>;

// Commands (command-api/src/learning/*): { position, data }.

/** POST /api/learning/submit-answer (201). */
const answerResult = z.object({
  attempt_id: z.string(),
  session_id: z.string(),
  problem_id: z.string(),
  is_correct: z.boolean(),
  user_answer: z.string(),
  correct_answer: z.string(),
  explanation: z.string(),
  /** 1 when the answer was recorded as given after a hint (this tab's or one opened in the session before). */
  hints_used: z.union([z.literal(0), z.literal(1)]),
  allowed_ratings: z.array(difficultyRating),
  rating_note: z.string().nullable(),
  difficulty_rating: z.number().nullable(),
  /** Why a rating sent with the answer was not recorded. */
  rating_ignored: z.string().optional(),
  /** Extra words from the answer checker, e.g. 'Write the fraction in its simplest form'. */
  message: z.string().optional(),
});
export type AnswerResult = z.input<typeof answerResult>;
export const submitAnswerResponse = z.object({ position: commandPosition, data: answerResult });
export type SubmitAnswerResponse = z.input<typeof submitAnswerResponse>;

/** POST /api/learning/hints: the hint, now recorded as used. */
export const openHintResponse = z.object({
  position: commandPosition,
  data: z.object({ session_id: z.string(), problem_id: z.string(), hint: z.string(), hints_used: z.number() }),
});
export type OpenHintResponse = z.input<typeof openHintResponse>;

/** POST /api/learning/rate-difficulty. */
export const rateDifficultyResponse = z.object({
  position: commandPosition,
  data: z.object({ attempt_id: z.string(), session_id: z.string(), problem_id: z.string(), rating: z.number() }),
});

/** POST /api/learning/sessions (201 started, 200 already started). */
export const startSessionResponse = z.object({ position: commandPosition, data: z.object({ session_id: z.string() }) });

/** POST /api/learning/sessions/{id}/extend: the problems added to the plan. */
export const extendSessionResponse = z.object({ position: commandPosition, data: z.object({ session_id: z.string(), added: z.array(z.string()) }) });

/** POST /api/learning/sessions/{id}/end: the session's summary. */
const sessionSummary = z.object({
  session_id: z.string(),
  problems_completed: z.number(),
  correct_answers: z.number(),
  incorrect_answers: z.number(),
  retries: z.number(),
  correct_on_retry: z.number(),
  /** Percent, whole. */
  accuracy: z.number(),
  performance: z.enum(['Excellent', 'Great', 'Good', 'Learning', 'Developing']),
  achievements: z.array(z.enum(['High Accuracy', 'Persistence'])),
  ended_at: isoTime.nullable(),
  reason: z.enum(['finished', 'ended', 'idle']).nullable(),
});
export const endSessionResponse = z.object({ position: commandPosition, data: sessionSummary });

/** POST /api/learning/placement (201 started, 200 already started). */
export const startPlacementResponse = z.object({ position: commandPosition, data: z.object({ placement_id: z.string() }) });

/** POST /api/learning/placement/answer (201): whether the check is finished, and the starting grade when it is. */
export const answerPlacementResponse = z.object({
  position: commandPosition,
  data: z.object({ placement_id: z.string(), question: z.number(), completed: z.boolean(), grade: z.number().nullable() }),
});
export type AnswerPlacementResponse = z.input<typeof answerPlacementResponse>;
