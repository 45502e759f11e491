/**
 * The models `npm run eval:kt` compares. The knowledge model is fitted here and then run through
 * the product's own code (`predictCorrect`, `updateKnowledge` from @mathdaily/domain); the two
 * baselines are fitted and run here.
 */
import {
  emptyLearnerKnowledge,
  emptyTopicKnowledge,
  KNOWLEDGE_FEATURES,
  knowledgeFeatures,
  predictCorrect,
  TOPIC_TERMS,
  topicTerms,
  updateKnowledge,
  type KnowledgeModelParameters,
  type LearnerKnowledge,
  type TopicKnowledge,
} from '@mathdaily/domain/learning/knowledge-model';
import type { ResponseSequence } from './kt-data.ts';
import { fitLogisticRegression, SparseRowsBuilder } from './logistic-regression.ts';

/** Predictions for every response of `test`, in file order, each made before seeing its outcome. */
export type Predictor = (test: readonly ResponseSequence[]) => Float64Array;

export interface KnowledgeFitOptions {
  /** L2 penalties: global weights, per-topic deviations, transfer pairs. */
  penalties: { global: number; topic: number; transfer: number };
  /** Transfer pairs seen fewer times than this in training get no weight. */
  minTransferCount: number;
  iterations: number;
}

const DEFAULT_FIT: KnowledgeFitOptions = {
  penalties: { global: 1e-6, topic: 3e-3, transfer: 1e-3 },
  minTransferCount: 10,
  iterations: 80,
};

/** The product's per-problem difficulty settings (not fitted on this data: it has no problems, only skills). */
const PRODUCT_PROBLEM_SETTINGS: KnowledgeModelParameters['problem'] = { levelStep: 0.65, alpha: 0.5, beta: 0.05, ratingWeight: 0.1 };

/**
 * The product-only signals' weights (not fitted: the data has no ratings, and a hint there is only a
 * wrong answer, so both signals stay 0 and these values change no figure of eval:kt). A right answer
 * after a hint adds back 0.5 log-odds, about half the model's own gap between a right and a wrong
 * answer (1.3 on a new topic, 0.7 after five right); a Too Easy (+1) or Too Hard (−1) rating moves
 * the log-odds by ±0.25, a quarter of that gap: a self-report is weaker evidence than an outcome
 * (docs/knowledge-model.md §1 "Ratings and hints").
 */
const PRODUCT_SIGNAL_WEIGHTS: KnowledgeModelParameters['signals'] = { rating: 0.25, hintedCorrect: 0.5 };

const emptyLearner = emptyLearnerKnowledge();
const emptyTopic = emptyTopicKnowledge();

/** Walks every student in order through states, calling `visit` before each response is folded in. */
function walk(
  sequences: readonly ResponseSequence[],
  visit: (learner: LearnerKnowledge | undefined, topic: TopicKnowledge | undefined, skill: string, correct: number) => void,
): void {
  for (const sequence of sequences) {
    let learner: LearnerKnowledge | undefined;
    const topics = new Map<string, TopicKnowledge>();
    sequence.skills.forEach((skill, t) => {
      const correct = sequence.correct[t]!;
      const topic = topics.get(skill);
      visit(learner, topic, skill, correct);
      const next = updateKnowledge(learner, topic, skill, correct === 1);
      learner = next.learner;
      topics.set(skill, next.topic);
    });
  }
}

/** Fits the knowledge model's parameters on `train` only. */
export function fitKnowledgeModel(train: readonly ResponseSequence[], description: string, options: KnowledgeFitOptions = DEFAULT_FIT): KnowledgeModelParameters {
  const globals = KNOWLEDGE_FEATURES.length;
  const topicIndex = new Map<string, number>();
  const transferCounts = new Map<string, number>();
  walk(train, (learner, _topic, skill) => {
    if (!topicIndex.has(skill)) topicIndex.set(skill, topicIndex.size);
    if (learner?.lastTopicId != null && learner.lastTopicId !== skill) {
      const key = `${learner.lastTopicId}>${skill}>${learner.lastCorrect ? 1 : 0}`;
      transferCounts.set(key, (transferCounts.get(key) ?? 0) + 1);
    }
  });
  const transferIndex = new Map<string, number>();
  const topicBase = globals;
  const transferBase = topicBase + TOPIC_TERMS.length * topicIndex.size;
  for (const [key, count] of transferCounts) if (count >= options.minTransferCount) transferIndex.set(key, transferBase + transferIndex.size);
  const dimensions = transferBase + transferIndex.size;

  const x = new Float64Array(globals);
  const terms = new Float64Array(TOPIC_TERMS.length);
  const rows = new SparseRowsBuilder();
  walk(train, (learner, topic, skill, correct) => {
    const entries: Array<[number, number]> = [];
    knowledgeFeatures(learner ?? emptyLearner, topic ?? emptyTopic, skill, x);
    for (let f = 0; f < globals; f += 1) entries.push([f, x[f]!]);
    const k = topicBase + TOPIC_TERMS.length * topicIndex.get(skill)!;
    topicTerms(topic ?? emptyTopic, terms).forEach((value, t) => entries.push([k + t, value]));
    if (learner?.lastTopicId != null && learner.lastTopicId !== skill) {
      const j = transferIndex.get(`${learner.lastTopicId}>${skill}>${learner.lastCorrect ? 1 : 0}`);
      if (j !== undefined) entries.push([j, 1]);
    }
    rows.add(entries, correct);
  });

  const penalty = new Float64Array(dimensions);
  penalty.fill(options.penalties.global, 0, topicBase);
  penalty.fill(options.penalties.topic, topicBase, transferBase);
  penalty.fill(options.penalties.transfer, transferBase);
  const w = fitLogisticRegression(rows.build(), { dimensions, penalty, iterations: options.iterations });

  const weights = Object.fromEntries(KNOWLEDGE_FEATURES.map((name, f) => [name, w[f]!]));
  const topics: KnowledgeModelParameters['topics'] = {};
  for (const [skill, k] of topicIndex) {
    const at = topicBase + TOPIC_TERMS.length * k;
    topics[skill] = Object.fromEntries(TOPIC_TERMS.map((term, t) => [term, w[at + t]!])) as KnowledgeModelParameters['topics'][string];
  }
  const transfer: KnowledgeModelParameters['transfer'] = {};
  for (const [key, j] of transferIndex) {
    const [from, to, afterCorrect] = key.split('>') as [string, string, string];
    const pair = ((transfer[from] ??= {})[to] ??= { afterCorrect: 0, afterWrong: 0 });
    if (afterCorrect === '1') pair.afterCorrect = w[j]!;
    else pair.afterWrong = w[j]!;
  }
  return { model: 'knowledge-lr-1', fittedWith: description, weights, topics, transfer, signals: PRODUCT_SIGNAL_WEIGHTS, problem: PRODUCT_PROBLEM_SETTINGS };
}

/** The product's model with given parameters, through the product's prediction and update code. */
export function knowledgePredictor(params: KnowledgeModelParameters): Predictor {
  return (test) => {
    const predictions: number[] = [];
    walk(test, (learner, topic, skill) => predictions.push(predictCorrect(params, learner, topic, skill)));
    return Float64Array.from(predictions);
  };
}

/** Baseline: the skill's share of correct answers in training (one pseudo-answer at the overall mean). */
export function skillAveragePredictor(train: readonly ResponseSequence[]): Predictor {
  const perSkill = new Map<string, { total: number; correct: number }>();
  let total = 0;
  let correct = 0;
  for (const sequence of train) {
    sequence.skills.forEach((skill, t) => {
      const entry = perSkill.get(skill) ?? { total: 0, correct: 0 };
      entry.total += 1;
      entry.correct += sequence.correct[t]!;
      perSkill.set(skill, entry);
      total += 1;
      correct += sequence.correct[t]!;
    });
  }
  const mean = correct / total;
  return (test) =>
    Float64Array.from(
      test.flatMap((sequence) =>
        sequence.skills.map((skill) => {
          const entry = perSkill.get(skill);
          return entry ? (entry.correct + mean) / (entry.total + 1) : mean;
        }),
      ),
    );
}

/**
 * Baseline: Performance Factors Analysis (Pavlik, Cen & Koedinger 2009), logit = β_k + γ_k·S + ρ_k·F
 * with S and F the student's prior successes and failures on skill k; an unseen skill gets the
 * intercept and the shared slopes.
 */
export function pfaPredictor(train: readonly ResponseSequence[], iterations = 100): Predictor {
  const skillIndex = new Map<string, number>();
  for (const sequence of train) for (const skill of sequence.skills) if (!skillIndex.has(skill)) skillIndex.set(skill, skillIndex.size);
  // Weights: intercept, shared γ, shared ρ, then per skill (β, γ, ρ) as deviations.
  const rowOf = (skill: string, s: number, f: number): Array<[number, number]> => {
    const entries: Array<[number, number]> = [[0, 1], [1, s], [2, f]];
    const k = skillIndex.get(skill);
    if (k !== undefined) entries.push([3 + 3 * k, 1], [4 + 3 * k, s], [5 + 3 * k, f]);
    return entries;
  };
  const each = (sequences: readonly ResponseSequence[], visit: (entries: Array<[number, number]>, correct: number) => void) => {
    for (const sequence of sequences) {
      const counts = new Map<string, [number, number]>();
      sequence.skills.forEach((skill, t) => {
        const [s, f] = counts.get(skill) ?? [0, 0];
        const correct = sequence.correct[t]!;
        visit(rowOf(skill, s, f), correct);
        counts.set(skill, correct === 1 ? [s + 1, f] : [s, f + 1]);
      });
    }
  };
  const rows = new SparseRowsBuilder();
  each(train, (entries, correct) => rows.add(entries, correct));
  const dimensions = 3 + 3 * skillIndex.size;
  const penalty = new Float64Array(dimensions).fill(1e-5);
  const w = fitLogisticRegression(rows.build(), { dimensions, penalty, iterations });
  return (test) => {
    const predictions: number[] = [];
    each(test, (entries) => {
      let z = 0;
      for (const [j, v] of entries) z += w[j]! * v;
      predictions.push(1 / (1 + Math.exp(-z)));
    });
    return Float64Array.from(predictions);
  };
}
