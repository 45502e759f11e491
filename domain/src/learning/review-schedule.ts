/**
 * Spaced repetition with FSRS (`ts-fsrs`), deterministic: fuzz off. A miss takes FSRS's
 * learning/relearning steps (LEARNING_STEPS for a problem never answered right, RELEARNING_STEPS
 * for one that lapsed), so a missed problem is due again within minutes and the session can ask it
 * again; a right answer always graduates to whole-day intervals (a right answer is never re-asked
 * the same day). Intervals are capped at MAX_REVIEW_INTERVAL_DAYS. Default FSRS weights, request
 * retention 0.9 (LIVE_FSRS_CONFIG; the what-if replay passes another ReviewScheduler). Time comes only from the arguments (event time). The choice is in docs/learning-model.md §3.
 *
 * Grade mapping (DESIGN §6):
 *   incorrect (with or without hint) → Again
 *   correct with hint                → Hard
 *   correct without hint             → by the difficulty rating: 1-2 (Too Easy, Easy) → Easy,
 *                                      3 (Just Right) → Good, 4-5 (Hard, Too Hard) → Hard,
 *                                      not rated (yet) → Good
 *
 * The rating arrives after the answer (its own event), so a review state remembers the card from
 * before its last review: `recordRating` re-grades that last review instead of adding a second one.
 */
import {
  BasicLearningStepsStrategy,
  CLAMP_PARAMETERS,
  createEmptyCard,
  fsrs,
  generatorParameters,
  Rating,
  State,
  StrategyMode,
  type Card,
  type FSRS,
  type Grade,
  type StepUnit,
  type TLearningStepsStrategy,
  W17_W18_Ceiling,
} from 'ts-fsrs';

export type ReviewGrade = 'Again' | 'Hard' | 'Good' | 'Easy';
export type CardState = 'New' | 'Learning' | 'Review' | 'Relearning';

/** An FSRS card as plain JSON (dates as ISO strings), as stored in a read model row. */
export interface ReviewCard {
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: CardState;
  last_review: string | null;
}

/**
 * Longest interval: one year (a year apart is long enough to check a K-12 problem again). ts-fsrs
 * keeps Hard < Good < Easy at least a day apart, so Good may land 1 day and Easy 2 days later.
 */
const MAX_REVIEW_INTERVAL_DAYS = 365;

/** A problem missed before it was ever answered right is due again a minute later (Anki's first step). */
const LEARNING_STEPS: readonly StepUnit[] = ['1m'];
/** A problem that lapsed (missed after being answered right) is due again ten minutes later. */
const RELEARNING_STEPS: readonly StepUnit[] = ['10m'];

/** ts-fsrs's steps for a miss only: Again takes the next step; other grades never reach this scheduler. */
const stepsForMissesOnly: TLearningStepsStrategy = (params, state, step) => {
  const again = BasicLearningStepsStrategy(params, state, step)[Rating.Again];
  return again ? { [Rating.Again]: again } : {};
};

/**
 * The scheduler's settings. The product runs LIVE_FSRS_CONFIG; `npm run what-if` replays the
 * history under another one (docs/analyst-tools.md). `weights` null means ts-fsrs's defaults.
 */
export interface FsrsConfig {
  requestRetention: number;
  maximumIntervalDays: number;
  weights: readonly number[] | null;
  learningSteps: readonly StepUnit[];
  relearningSteps: readonly StepUnit[];
}

export const LIVE_FSRS_CONFIG: FsrsConfig = {
  requestRetention: 0.9,
  maximumIntervalDays: MAX_REVIEW_INTERVAL_DAYS,
  weights: null,
  learningSteps: LEARNING_STEPS,
  relearningSteps: RELEARNING_STEPS,
};

/** FSRS weight vectors ts-fsrs reads: FSRS-4.5 (17), FSRS-5 (19) and FSRS-6 (21 weights). */
const FSRS_WEIGHT_COUNTS = [17, 19, 21] as const;

/**
 * Why a weight vector cannot schedule (null when it can): a weight outside the range ts-fsrs
 * itself clamps to makes stabilities overflow (1e308 gives NaN recall for every answer).
 */
export function fsrsWeightsProblem(weights: readonly number[]): string | null {
  if (!(FSRS_WEIGHT_COUNTS as readonly number[]).includes(weights.length)) return `FSRS takes 17, 19 or 21 weights, not ${weights.length}`;
  const ranges = CLAMP_PARAMETERS(W17_W18_Ceiling);
  for (const [index, weight] of weights.entries()) {
    const [min, max] = ranges[index]!;
    if (!Number.isFinite(weight) || weight < min! || weight > max!) return `weight ${index} must be from ${min} to ${max}, not ${weight}`;
  }
  return null;
}

/** The two ts-fsrs schedulers of one configuration: whole days for right answers, (re)learning steps for misses. */
export interface ReviewScheduler {
  readonly days: FSRS;
  readonly misses: FSRS;
}

export function createReviewScheduler(config: FsrsConfig): ReviewScheduler {
  const parameters = {
    enable_fuzz: false,
    maximum_interval: config.maximumIntervalDays,
    request_retention: config.requestRetention,
    ...(config.weights ? { w: [...config.weights] } : {}),
  };
  return {
    // Short-term off keeps Hard < Good < Easy at least a day apart.
    days: fsrs(generatorParameters({ ...parameters, enable_short_term: false })),
    misses: fsrs(
      generatorParameters({ ...parameters, enable_short_term: true, learning_steps: [...config.learningSteps], relearning_steps: [...config.relearningSteps] }),
    ).useStrategy(StrategyMode.LEARNING_STEPS, stepsForMissesOnly),
  };
}

const LIVE_SCHEDULER = createReviewScheduler(LIVE_FSRS_CONFIG);

const GRADES: Readonly<Record<ReviewGrade, Grade>> = {
  Again: Rating.Again,
  Hard: Rating.Hard,
  Good: Rating.Good,
  Easy: Rating.Easy,
};

const STATES: Readonly<Record<State, CardState>> = {
  [State.New]: 'New',
  [State.Learning]: 'Learning',
  [State.Review]: 'Review',
  [State.Relearning]: 'Relearning',
};

export function reviewGrade(answer: { isCorrect: boolean; hintUsed: boolean; rating: number | null }): ReviewGrade {
  if (!answer.isCorrect) return 'Again';
  if (answer.hintUsed) return 'Hard';
  if (answer.rating === null) return 'Good';
  if (answer.rating <= 2) return 'Easy';
  if (answer.rating === 3) return 'Good';
  return 'Hard';
}

function validDate(at: Date): Date {
  if (!(at instanceof Date) || Number.isNaN(at.getTime())) throw new RangeError('A valid review time is required');
  return at;
}

/** The numbers a stored card and an FSRS card hold alike (dates and the state are written differently). */
function cardNumbers(card: Card | ReviewCard) {
  return {
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
  };
}

function toJson(card: Card): ReviewCard {
  return {
    due: card.due.toISOString(),
    ...cardNumbers(card),
    state: STATES[card.state],
    last_review: card.last_review ? card.last_review.toISOString() : null,
  };
}

function fromJson(card: ReviewCard): Card {
  return {
    due: new Date(card.due),
    ...cardNumbers(card),
    state: State[card.state],
    ...(card.last_review === null ? {} : { last_review: new Date(card.last_review) }),
  };
}

/** A card never reviewed, due at `at`. */
export function newReviewCard(at: Date): ReviewCard {
  return toJson(createEmptyCard(validDate(at)));
}

/** The card after one review with `grade` at time `at` (a null card is a problem seen for the first time). */
export function applyReview(card: ReviewCard | null, grade: ReviewGrade, at: Date, scheduler: ReviewScheduler = LIVE_SCHEDULER): ReviewCard {
  const now = validDate(at);
  const current = card === null ? createEmptyCard(now) : fromJson(card);
  return toJson((grade === 'Again' ? scheduler.misses : scheduler.days).next(current, now, GRADES[grade]).card);
}

/**
 * What recall depends on: ts-fsrs's get_retrievability reads a card's state, last review and
 * stability (and parses its due date). The read models keep these as columns, so the due queue
 * needs no card document (a test compares with whole cards).
 */
export type RecallInputs = Pick<ReviewCard, 'due' | 'state' | 'stability' | 'last_review'>;

/** Probability (0-1) of recalling the problem at `at` according to FSRS; 0 for a card never reviewed. */
export function retrievability(card: RecallInputs, at: Date, scheduler: ReviewScheduler = LIVE_SCHEDULER): number {
  if (card.state === 'New') return 0;
  // The card's other fields play no part in it.
  const unused = { difficulty: 0, elapsed_days: 0, scheduled_days: 0, learning_steps: 0, reps: 0, lapses: 0 };
  return scheduler.days.get_retrievability(fromJson({ ...unused, ...card }), validDate(at), false);
}

/** Per (student, problem) review state kept by the projector. */
export interface ReviewState {
  card: ReviewCard;
  /** The card before the last review (null if the last review was the first), to re-grade it. */
  previousCard: ReviewCard | null;
  lastAttemptId: string;
  lastReviewAt: string;
  lastIsCorrect: boolean;
  lastHintUsed: boolean;
  /** The rating given to the last attempt, if any. */
  lastRating: number | null;
  /** Correct answers in a row up to the last one (SPEC: consecutive_correct, shown as Streak). */
  consecutiveCorrect: number;
  attempts: number;
  correctAttempts: number;
  firstAttemptAt: string;
}

/** Folds an answer (AnswerSubmitted, graded as unrated) into the problem's review state. */
export function recordAnswer(
  state: ReviewState | null,
  answer: { attemptId: string; isCorrect: boolean; hintUsed: boolean },
  at: Date,
  scheduler: ReviewScheduler = LIVE_SCHEDULER,
): ReviewState {
  const when = validDate(at).toISOString();
  const grade = reviewGrade({ isCorrect: answer.isCorrect, hintUsed: answer.hintUsed, rating: null });
  const card = applyReview(state?.card ?? null, grade, at, scheduler);
  return {
    card,
    previousCard: state?.card ?? null,
    lastAttemptId: answer.attemptId,
    lastReviewAt: when,
    lastIsCorrect: answer.isCorrect,
    lastHintUsed: answer.hintUsed,
    lastRating: null,
    consecutiveCorrect: answer.isCorrect ? (state?.consecutiveCorrect ?? 0) + 1 : 0,
    attempts: (state?.attempts ?? 0) + 1,
    correctAttempts: (state?.correctAttempts ?? 0) + (answer.isCorrect ? 1 : 0),
    firstAttemptAt: state?.firstAttemptAt ?? when,
  };
}

/**
 * Folds a difficulty rating (DifficultyRated) in: re-grades the last review from the card before
 * it, at the last review's time. A rating for another attempt than the last one changes nothing.
 */
export function recordRating(state: ReviewState, rating: { attemptId: string; rating: number }, scheduler: ReviewScheduler = LIVE_SCHEDULER): ReviewState {
  if (rating.attemptId !== state.lastAttemptId) return state;
  const grade = reviewGrade({ isCorrect: state.lastIsCorrect, hintUsed: state.lastHintUsed, rating: rating.rating });
  const card = applyReview(state.previousCard, grade, new Date(state.lastReviewAt), scheduler);
  return { ...state, card, lastRating: rating.rating };
}

/** Due when the card's due time is at or before `at`. */
export function isDue(state: Pick<ReviewState, 'card'>, at: Date): boolean {
  return new Date(state.card.due).getTime() <= validDate(at).getTime();
}
