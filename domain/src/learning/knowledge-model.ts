/**
 * Knowledge model: the probability that a student answers a problem of a topic correctly, predicted
 * before the attempt from what the student did so far, and updated after it in constant time.
 * A logistic regression over online features (docs/knowledge-model.md):
 *
 *   p = σ( Σ_f w_f · x_f                              global weights over the features below
 *        + b_k + Σ_t u_{k,t} · x_{k,t}                 the topic's own bias and learning rates (TOPIC_TERMS), when fitted
 *        + T[prev→k][prev correct?]                   transfer from the previous answer's topic, when fitted
 *        − d_i )                                      the problem's difficulty within its topic (product only)
 *
 * Features: counts and recency-weighted counts of successes and failures on the topic and overall,
 * the last answer on the topic, how long ago it was and the streak, topics seen, the current run on
 * the topic, the previous answer (same topic or not).
 * The weights are fitted offline on ASSISTments 2009 (`npm run eval:kt`); a topic or transfer pair
 * without fitted values contributes 0, which is what the product's own topics get.
 *
 * Everything here is pure and deterministic; states are small JSON objects and updates return new
 * ones, so the projector can store them as they are and a replay rebuilds them identically.
 */
import { z } from 'zod';

/** Decay per answer on the topic of the topic's recency-weighted counts. */
const TOPIC_DECAYS = [0.5, 0.8] as const;
/** Decay per answer (any topic) of the student's overall recency-weighted counts. */
const LEARNER_DECAYS = [0.7, 0.9, 0.98] as const;

/** The features, in the order of `knowledgeFeatures`; every name is a weight in the parameter file. */
export const KNOWLEDGE_FEATURES = [
  'bias',
  'topic.first',
  'topic.successes',
  'topic.failures',
  ...TOPIC_DECAYS.flatMap((d) => [`topic.recentSuccesses.${d}`, `topic.recentFailures.${d}`]),
  'topic.rate',
  'topic.lastCorrect',
  'topic.lastWrong',
  'topic.gap',
  'topic.streak',
  'topic.missStreak',
  'learner.successes',
  'learner.failures',
  ...LEARNER_DECAYS.flatMap((d) => [`learner.recentSuccesses.${d}`, `learner.recentFailures.${d}`]),
  'learner.rate',
  'learner.topics',
  'learner.run',
  'previous.correctSameTopic',
  'previous.wrongSameTopic',
  'previous.correctOtherTopic',
  'previous.wrongOtherTopic',
] as const;

/** The terms a topic's own fitted values multiply (`topicTerms`); each is a field of a parameter file's topic entry. */
export const TOPIC_TERMS = ['bias', 'successes', 'failures', 'lastCorrect', 'lastWrong', 'recentSuccesses', 'recentFailures'] as const;

/** What the model keeps per student (all topics). */
export interface LearnerKnowledge {
  answers: number;
  successes: number;
  failures: number;
  /** Recency-weighted successes and failures, one per LEARNER_DECAYS. */
  recentSuccesses: number[];
  recentFailures: number[];
  lastTopicId: string | null;
  lastCorrect: boolean | null;
  /** Topics answered at least once. */
  topics: number;
  /** Answers in a row on the last topic. */
  run: number;
}

/** What the model keeps per student and topic. */
export interface TopicKnowledge {
  answers: number;
  successes: number;
  failures: number;
  /** Recency-weighted successes and failures, one per TOPIC_DECAYS (decayed per answer on the topic). */
  recentSuccesses: number[];
  recentFailures: number[];
  /** The student's answer count (LearnerKnowledge.answers) after the last answer on this topic. */
  lastAnswerIndex: number;
  lastCorrect: boolean | null;
  /** Right (wrong) answers in a row at the end of the topic's answers. */
  streak: number;
  missStreak: number;
  /**
   * Product-only evidence (docs/knowledge-model.md §1 "Ratings and hints"): the student's difficulty
   * ratings on the topic, each (3 − rating) / 2 (Too Easy +1 … Too Hard −1), and right answers given
   * after a hint, both decayed by SIGNAL_DECAY per answer on the topic. Always 0 on ASSISTments.
   */
  recentRating: number;
  recentHintedCorrect: number;
}

/** Decay per answer on the topic of the rating and hint signals: the 0.8 of the topic's recent counts. */
export const SIGNAL_DECAY = TOPIC_DECAYS[1];

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

/**
 * A parameter file (domain/src/learning/knowledge-model-parameters.json is the product's). The
 * admin what-if replay loads files of this shape; `weights` must name every KNOWLEDGE_FEATURES entry.
 */
export const knowledgeModelParametersSchema = z.object({
  model: z.literal('knowledge-lr-1'),
  /** How the file was produced (command line, data, folds), for people. */
  fittedWith: z.string(),
  weights: z
    .record(z.string(), finite)
    .refine((weights) => KNOWLEDGE_FEATURES.every((name) => name in weights), {
      message: `weights must name every feature: ${KNOWLEDGE_FEATURES.join(', ')}`,
    }),
  /**
   * Per-topic deviations from the global weights: a bias, and extra weights on log(1+successes),
   * log(1+failures), the last answer (right, wrong) and the 0.8-decayed counts on the topic.
   */
  topics: z.record(z.string(), z.object(Object.fromEntries(TOPIC_TERMS.map((term) => [term, finite])) as Record<(typeof TOPIC_TERMS)[number], typeof finite>)),
  /** transfer[fromTopic][toTopic]: added when the previous answer was on fromTopic (≠ toTopic), right or wrong. */
  transfer: z.record(z.string(), z.record(z.string(), z.object({ afterCorrect: finite, afterWrong: finite }))),
  /** The product's per-problem difficulty within its topic, learned online (not part of the fit). */
  /**
   * Weights of the product-only signals (TopicKnowledge.recentRating, recentHintedCorrect) in the
   * log-odds. Not fitted: ASSISTments has no ratings and marks a hint only as a wrong answer
   * (docs/knowledge-model.md §1 "Ratings and hints" gives the values and why).
   */
  signals: z.object({ rating: finite, hintedCorrect: finite }),
  problem: z.object({
    /** Prior difficulty per difficulty level above 3 (level 3 starts at 0). */
    levelStep: finite,
    /** Learning rate α / (1 + β · attempts) of a problem's difficulty. */
    alpha: finite,
    beta: finite,
    /** How far one difficulty rating moves a problem's difficulty, relative to its learning rate. */
    ratingWeight: finite,
  }),
});
export type KnowledgeModelParameters = z.infer<typeof knowledgeModelParametersSchema>;

/** The answer counts a student and a topic both keep: all answers, and recency-weighted ones per decay. */
type AnswerCounts = Pick<LearnerKnowledge & TopicKnowledge, 'answers' | 'successes' | 'failures' | 'recentSuccesses' | 'recentFailures'>;

const noAnswers = (decays: readonly number[]): AnswerCounts => ({
  answers: 0,
  successes: 0,
  failures: 0,
  recentSuccesses: decays.map(() => 0),
  recentFailures: decays.map(() => 0),
});

/** The counts after one more answer (`success` 1 or 0), the recency weights decayed first. */
function countAnswer(counts: AnswerCounts, decays: readonly number[], success: number): AnswerCounts {
  return {
    answers: counts.answers + 1,
    successes: counts.successes + success,
    failures: counts.failures + 1 - success,
    recentSuccesses: decays.map((d, i) => (counts.recentSuccesses[i] ?? 0) * d + success),
    recentFailures: decays.map((d, i) => (counts.recentFailures[i] ?? 0) * d + 1 - success),
  };
}

export function emptyLearnerKnowledge(): LearnerKnowledge {
  return {
    ...noAnswers(LEARNER_DECAYS),
    lastTopicId: null,
    lastCorrect: null,
    topics: 0,
    run: 0,
  };
}

export function emptyTopicKnowledge(): TopicKnowledge {
  return {
    ...noAnswers(TOPIC_DECAYS),
    lastAnswerIndex: -1,
    lastCorrect: null,
    streak: 0,
    missStreak: 0,
    recentRating: 0,
    recentHintedCorrect: 0,
  };
}

/** Log-odds of a rate with one pseudo-success and one pseudo-failure (finite for empty counts). */
const smoothedLogit = (successes: number, failures: number) => Math.log((successes + 1) / (failures + 1));

/**
 * Writes the features of a student's or a topic's answer counts from `i`: log successes and
 * failures, the recency-weighted pairs and the smoothed log-odds of the second pair. Returns the
 * next index.
 */
function writeCountFeatures(out: Float64Array, i: number, counts: AnswerCounts, decays: number): number {
  out[i++] = Math.log1p(counts.successes);
  out[i++] = Math.log1p(counts.failures);
  for (let d = 0; d < decays; d += 1) {
    out[i++] = counts.recentSuccesses[d] ?? 0;
    out[i++] = counts.recentFailures[d] ?? 0;
  }
  out[i++] = smoothedLogit(counts.recentSuccesses[1] ?? 0, counts.recentFailures[1] ?? 0);
  return i;
}

/**
 * The features of the next answer on `topicId`, written into `out` (length KNOWLEDGE_FEATURES)
 * in KNOWLEDGE_FEATURES order. `topic` is the student's state on that topic (empty if none).
 */
export function knowledgeFeatures(learner: LearnerKnowledge, topic: TopicKnowledge, topicId: string, out: Float64Array): Float64Array {
  let i = 0;
  out[i++] = 1;
  out[i++] = topic.answers === 0 ? 1 : 0;
  i = writeCountFeatures(out, i, topic, TOPIC_DECAYS.length);
  out[i++] = topic.lastCorrect === true ? 1 : 0;
  out[i++] = topic.lastCorrect === false ? 1 : 0;
  out[i++] = topic.answers === 0 ? 0 : Math.log1p(learner.answers - topic.lastAnswerIndex);
  out[i++] = Math.log1p(topic.streak);
  out[i++] = Math.log1p(topic.missStreak);
  i = writeCountFeatures(out, i, learner, LEARNER_DECAYS.length);
  const same = learner.lastTopicId === topicId;
  out[i++] = Math.log1p(learner.topics);
  out[i++] = same ? Math.log1p(learner.run) : 0;
  out[i++] = same && learner.lastCorrect === true ? 1 : 0;
  out[i++] = same && learner.lastCorrect === false ? 1 : 0;
  out[i++] = !same && learner.lastCorrect === true ? 1 : 0;
  out[i++] = !same && learner.lastCorrect === false ? 1 : 0;
  return out;
}

/** The values of TOPIC_TERMS for the next answer on a topic, written into `out`. */
export function topicTerms(topic: TopicKnowledge, out: Float64Array): Float64Array {
  out[0] = 1;
  out[1] = Math.log1p(topic.successes);
  out[2] = Math.log1p(topic.failures);
  out[3] = topic.lastCorrect === true ? 1 : 0;
  out[4] = topic.lastCorrect === false ? 1 : 0;
  out[5] = topic.recentSuccesses[1] ?? 0;
  out[6] = topic.recentFailures[1] ?? 0;
  return out;
}

/** Weights in KNOWLEDGE_FEATURES order, computed once per parameter object. */
const weightVectors = new WeakMap<KnowledgeModelParameters, Float64Array>();
function weightVector(params: KnowledgeModelParameters): Float64Array {
  let vector = weightVectors.get(params);
  if (!vector) {
    vector = Float64Array.from(KNOWLEDGE_FEATURES, (name) => params.weights[name] ?? 0);
    weightVectors.set(params, vector);
  }
  return vector;
}

const scratch = new Float64Array(KNOWLEDGE_FEATURES.length);
const topicScratch = new Float64Array(TOPIC_TERMS.length);

/**
 * The log-odds of a correct answer on `topicId` for a problem of average difficulty in that topic.
 * `topic` is undefined for a topic the student never answered.
 */
export function knowledgeLogit(
  params: KnowledgeModelParameters,
  learner: LearnerKnowledge | undefined,
  topic: TopicKnowledge | undefined,
  topicId: string,
): number {
  const topicState = topic ?? emptyTopicKnowledge();
  const x = knowledgeFeatures(learner ?? emptyLearnerKnowledge(), topicState, topicId, scratch);
  const w = weightVector(params);
  let z = 0;
  for (let f = 0; f < x.length; f += 1) z += w[f]! * x[f]!;
  const own = params.topics[topicId];
  if (own) {
    const terms = topicTerms(topicState, topicScratch);
    TOPIC_TERMS.forEach((term, t) => (z += own[term] * terms[t]!));
  }
  if (learner?.lastTopicId != null && learner.lastTopicId !== topicId) {
    const pair = params.transfer[learner.lastTopicId]?.[topicId];
    if (pair) z += learner.lastCorrect ? pair.afterCorrect : pair.afterWrong;
  }
  z += params.signals.rating * (topicState.recentRating ?? 0) + params.signals.hintedCorrect * (topicState.recentHintedCorrect ?? 0);
  return z;
}

export const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** Probability of a correct answer, before the attempt; `problemDifficulty` 0 is the topic's average problem. */
export function predictCorrect(
  params: KnowledgeModelParameters,
  learner: LearnerKnowledge | undefined,
  topic: TopicKnowledge | undefined,
  topicId: string,
  problemDifficulty = 0,
): number {
  return sigmoid(knowledgeLogit(params, learner, topic, topicId) - problemDifficulty);
}

/**
 * What the model counts as a success: right without a hint. ASSISTments, on which the weights are
 * fitted, records an answer given after a hint request as wrong; the product does the same, so
 * predictions mean "right unaided".
 */
export const knowledgeOutcome = (isCorrect: boolean, hintUsed: boolean): boolean => isCorrect && !hintUsed;

/**
 * Folds one answer on `topicId` into the student's states; returns new states (the inputs are not
 * changed). Constant time: a handful of additions per decay. `isCorrect` is the model's outcome
 * (`knowledgeOutcome`); `hintedCorrect` marks a right answer given after a hint (product only).
 */
export function updateKnowledge(
  learner: LearnerKnowledge | undefined,
  topic: TopicKnowledge | undefined,
  topicId: string,
  isCorrect: boolean,
  hintedCorrect = false,
): { learner: LearnerKnowledge; topic: TopicKnowledge } {
  const l = learner ?? emptyLearnerKnowledge();
  const t = topic ?? emptyTopicKnowledge();
  const success = isCorrect ? 1 : 0;
  const learnerCounts = countAnswer(l, LEARNER_DECAYS, success);
  return {
    learner: {
      ...learnerCounts,
      lastTopicId: topicId,
      lastCorrect: isCorrect,
      topics: l.topics + (t.answers === 0 ? 1 : 0),
      run: l.lastTopicId === topicId ? l.run + 1 : 1,
    },
    topic: {
      ...countAnswer(t, TOPIC_DECAYS, success),
      lastAnswerIndex: learnerCounts.answers,
      lastCorrect: isCorrect,
      streak: isCorrect ? t.streak + 1 : 0,
      missStreak: isCorrect ? 0 : t.missStreak + 1,
      recentRating: (t.recentRating ?? 0) * SIGNAL_DECAY,
      recentHintedCorrect: (t.recentHintedCorrect ?? 0) * SIGNAL_DECAY + (hintedCorrect ? 1 : 0),
    },
  };
}

/**
 * A difficulty rating (1 Too Easy … 5 Too Hard) of an answer on the topic adds (3 − rating) / 2 to
 * the topic's rating signal: the student's own view of how hard the topic is for them.
 */
export function rateKnowledge(topic: TopicKnowledge | undefined, rating: number): TopicKnowledge {
  const t = topic ?? emptyTopicKnowledge();
  const clamped = Math.min(5, Math.max(1, rating));
  return { ...t, recentRating: (t.recentRating ?? 0) + (3 - clamped) / 2 };
}

/** A problem's prior difficulty within its topic from its level (clamped to 1-5; non-numbers count as 3). */
export function problemDifficultyPrior(params: KnowledgeModelParameters, level: number): number {
  const clamped = Number.isFinite(level) ? Math.min(5, Math.max(1, level)) : 3;
  return params.problem.levelStep * (clamped - 3);
}

const problemRate = (params: KnowledgeModelParameters, attempts: number) => params.problem.alpha / (1 + params.problem.beta * attempts);

/**
 * After an answer predicted at `predicted`, the problem's difficulty moves against the surprise
 * (Elo with a learning rate that decays with its attempts): a correct answer makes it easier.
 */
export function updateProblemDifficulty(
  params: KnowledgeModelParameters,
  problem: { difficulty: number; attempts: number },
  predicted: number,
  isCorrect: boolean,
): { difficulty: number; attempts: number } {
  return {
    difficulty: problem.difficulty - problemRate(params, problem.attempts) * ((isCorrect ? 1 : 0) - predicted),
    attempts: problem.attempts + 1,
  };
}

/**
 * A difficulty rating nudges the problem's difficulty: 3 (Just Right) leaves it, 1-2 lower it,
 * 4-5 raise it, by ratingWeight · rate(attempts) · (rating − 3) / 2. A rating is weak evidence, so
 * it does not count as an attempt.
 */
export function rateProblemDifficulty(
  params: KnowledgeModelParameters,
  problem: { difficulty: number; attempts: number },
  rating: number,
): number {
  const clamped = Math.min(5, Math.max(1, rating));
  return problem.difficulty + params.problem.ratingWeight * problemRate(params, problem.attempts) * ((clamped - 3) / 2);
}
