import { describe, expect, it } from 'vitest';
import { KNOWLEDGE_MODEL_PARAMETERS } from './knowledge-model-parameters.ts';
import {
  KNOWLEDGE_FEATURES,
  knowledgeFeatures,
  knowledgeLogit,
  knowledgeModelParametersSchema,
  knowledgeOutcome,
  emptyLearnerKnowledge,
  emptyTopicKnowledge,
  predictCorrect,
  problemDifficultyPrior,
  rateKnowledge,
  rateProblemDifficulty,
  SIGNAL_DECAY,
  sigmoid,
  updateKnowledge,
  updateProblemDifficulty,
  type KnowledgeModelParameters,
  type LearnerKnowledge,
  type TopicKnowledge,
} from './knowledge-model.ts';
import { TOPIC_MASTERY_RULE, isTopicMastered, noSuccessDays, problemsMastered, recordSuccessDay, topicPredictedSuccess, unpractisedTopicSuccess } from './topic-mastery.ts';

/** Parameters with every weight 0 except those given. */
function params(overrides: Partial<Omit<KnowledgeModelParameters, 'weights'>> & { weights?: Record<string, number> } = {}): KnowledgeModelParameters {
  return {
    model: 'knowledge-lr-1',
    fittedWith: 'test',
    topics: {},
    transfer: {},
    signals: { rating: 0, hintedCorrect: 0 },
    problem: { levelStep: 0.5, alpha: 1, beta: 0.1, ratingWeight: 0.2 },
    ...overrides,
    weights: { ...Object.fromEntries(KNOWLEDGE_FEATURES.map((name) => [name, 0])), ...overrides.weights },
  };
}

interface History {
  learner: LearnerKnowledge | undefined;
  topics: Map<string, TopicKnowledge>;
}

/** Given: a student's answers in order, as [topic, correct] pairs, folded with updateKnowledge. */
function given(answers: Array<[string, boolean]>): History {
  const history: History = { learner: undefined, topics: new Map() };
  for (const [topicId, correct] of answers) {
    const next = updateKnowledge(history.learner, history.topics.get(topicId), topicId, correct);
    history.learner = next.learner;
    history.topics.set(topicId, next.topic);
  }
  return history;
}

/** When: predicting the next answer on a topic with the product's parameters. */
const predictNext = (history: History, topicId: string, model = KNOWLEDGE_MODEL_PARAMETERS) =>
  predictCorrect(model, history.learner, history.topics.get(topicId), topicId);

const featuresOf = (history: History, topicId: string) => {
  const x = knowledgeFeatures(history.learner ?? emptyLearnerKnowledge(), history.topics.get(topicId) ?? emptyTopicKnowledge(), topicId, new Float64Array(KNOWLEDGE_FEATURES.length));
  return Object.fromEntries(KNOWLEDGE_FEATURES.map((name, i) => [name, x[i]]));
};

describe('knowledge model: prediction', () => {
  it('given no answers, then the prediction is the bias and the first-answer weight', () => {
    const model = params({ weights: { bias: 1, 'topic.first': 0.5 } });
    expect(predictNext(given([]), 'fractions', model)).toBeCloseTo(sigmoid(1.5), 12);
  });

  it('given answers right on a topic, then the next one there is likelier right than for a new student; given them wrong, less likely', () => {
    const fresh = predictNext(given([]), 'fractions');
    const strong = predictNext(given([['fractions', true], ['fractions', true], ['fractions', true]]), 'fractions');
    const weak = predictNext(given([['fractions', false], ['fractions', false], ['fractions', false]]), 'fractions');
    expect(strong).toBeGreaterThan(fresh);
    expect(weak).toBeLessThan(fresh);
    expect(strong).toBeGreaterThan(0.8);
    expect(weak).toBeLessThan(0.45);
  });

  it('given a recent miss after many successes, then it counts more than an old miss (recency)', () => {
    const recentMiss = given([...Array.from({ length: 6 }, (): [string, boolean] => ['algebra', true]), ['algebra', false]]);
    const oldMiss = given([['algebra', false], ...Array.from({ length: 6 }, (): [string, boolean] => ['algebra', true])]);
    expect(predictNext(recentMiss, 'algebra')).toBeLessThan(predictNext(oldMiss, 'algebra'));
  });

  it('features: counts, recency-weighted counts, the last answer on the topic, the gap and the previous answer', () => {
    const history = given([['a', true], ['b', false], ['a', false], ['b', true]]);
    const onA = featuresOf(history, 'a');
    expect(onA['topic.first']).toBe(0);
    expect(onA['topic.successes']).toBeCloseTo(Math.log1p(1), 12);
    expect(onA['topic.failures']).toBeCloseTo(Math.log1p(1), 12);
    // Decay 0.5 per answer on the topic: right then wrong → successes 0.5, failures 1.
    expect(onA['topic.recentSuccesses.0.5']).toBeCloseTo(0.5, 12);
    expect(onA['topic.recentFailures.0.5']).toBeCloseTo(1, 12);
    expect(onA['topic.lastWrong']).toBe(1);
    expect(onA['topic.lastCorrect']).toBe(0);
    // Last answered on 'a' at answer 3, now at answer 4: log(1 + 1).
    expect(onA['topic.gap']).toBeCloseTo(Math.log1p(1), 12);
    expect(onA['topic.streak']).toBe(0);
    expect(onA['topic.missStreak']).toBeCloseTo(Math.log1p(1), 12);
    expect(onA['learner.recentSuccesses.0.7']).toBeCloseTo(0.7 * 0.7 * 0.7 + 1, 12);
    expect(onA['learner.topics']).toBeCloseTo(Math.log1p(2), 12);
    // The run of answers in a row on the last topic counts for that topic only.
    expect(onA['learner.run']).toBe(0);
    expect(featuresOf(given([['a', true], ['b', true], ['b', false]]), 'b')['learner.run']).toBeCloseTo(Math.log1p(2), 12);
    expect(onA['previous.correctOtherTopic']).toBe(1);
    expect(featuresOf(history, 'b')['previous.correctSameTopic']).toBe(1);
    expect(featuresOf(history, 'new')['topic.first']).toBe(1);
  });

  it('a topic’s own fitted values apply to that topic only', () => {
    const model = params({ topics: { hard: { bias: -2, successes: 0.5, failures: 0, lastCorrect: 0.25, lastWrong: 0, recentSuccesses: 0.1, recentFailures: 0 } } });
    const history = given([['hard', true], ['easy', true]]);
    expect(knowledgeLogit(model, history.learner, history.topics.get('hard'), 'hard')).toBeCloseTo(-2 + 0.5 * Math.log1p(1) + 0.25 + 0.1, 12);
    expect(knowledgeLogit(model, history.learner, history.topics.get('easy'), 'easy')).toBe(0);
  });

  it('transfer applies after an answer on the other topic, right or wrong, and not after the same topic', () => {
    const model = params({ transfer: { add: { multiply: { afterCorrect: 1.5, afterWrong: -1 } } } });
    expect(predictNext(given([['add', true]]), 'multiply', model)).toBeCloseTo(sigmoid(1.5), 12);
    expect(predictNext(given([['add', false]]), 'multiply', model)).toBeCloseTo(sigmoid(-1), 12);
    expect(predictNext(given([['add', true], ['multiply', true]]), 'multiply', model)).toBe(0.5);
  });

  it('the problem’s difficulty is subtracted on the logit scale', () => {
    const model = params({ weights: { bias: 1 } });
    expect(predictCorrect(model, undefined, undefined, 't', 1)).toBe(0.5);
  });
});

describe('knowledge model: update', () => {
  it('counts a right answer as a success only without a hint (as ASSISTments records it)', () => {
    expect(knowledgeOutcome(true, false)).toBe(true);
    expect(knowledgeOutcome(true, true)).toBe(false);
    expect(knowledgeOutcome(false, false)).toBe(false);
  });

  it('returns new states and leaves the given ones as they were', () => {
    const history = given([['a', true]]);
    const learner = structuredClone(history.learner);
    const topic = structuredClone(history.topics.get('a'));
    updateKnowledge(history.learner, history.topics.get('a'), 'a', false);
    expect(history.learner).toEqual(learner);
    expect(history.topics.get('a')).toEqual(topic);
  });

  it('keeps a state of constant size however many answers (constant time per answer)', () => {
    const answers = (n: number) => Array.from({ length: n }, (_, i): [string, boolean] => ['t', i % 3 !== 0]);
    const size = (history: History) => JSON.stringify([history.learner, history.topics.get('t')]).replace(/[\d.e+-]+/g, '0').length;
    expect(size(given(answers(10)))).toBe(size(given(answers(1000))));
  });

  it('is deterministic and survives a JSON round trip (the projector stores states as jsonb)', () => {
    const answers: Array<[string, boolean]> = [['a', true], ['b', false], ['a', true], ['c', true], ['a', false]];
    const first = given(answers);
    const second = given(answers);
    expect(second).toEqual(first);
    const stored = JSON.parse(JSON.stringify({ learner: first.learner, topic: first.topics.get('a') })) as { learner: LearnerKnowledge; topic: TopicKnowledge };
    expect(predictCorrect(KNOWLEDGE_MODEL_PARAMETERS, stored.learner, stored.topic, 'a')).toBe(predictNext(first, 'a'));
  });
});

describe('knowledge model: product-only signals (ratings, hints)', () => {
  const model = params({ signals: { rating: 0.25, hintedCorrect: 0.5 } });
  const logitAfter = (next: { learner: LearnerKnowledge; topic: TopicKnowledge }, topic = next.topic) => knowledgeLogit(model, next.learner, topic, 't');

  it('given a right answer after a hint, then the next answer is likelier right than after a wrong one, by the hint weight', () => {
    const wrong = updateKnowledge(undefined, undefined, 't', false);
    const hinted = updateKnowledge(undefined, undefined, 't', knowledgeOutcome(true, true), true);
    expect(hinted.topic.recentHintedCorrect).toBe(1);
    expect(logitAfter(hinted) - logitAfter(wrong)).toBeCloseTo(0.5, 12);
  });

  it('given ratings, then Too Easy raises and Too Hard lowers the prediction; both fade by SIGNAL_DECAY per answer on the topic', () => {
    const answered = updateKnowledge(undefined, undefined, 't', true);
    expect(logitAfter(answered, rateKnowledge(answered.topic, 1)) - logitAfter(answered)).toBeCloseTo(0.25, 12);
    expect(logitAfter(answered, rateKnowledge(answered.topic, 2)) - logitAfter(answered)).toBeCloseTo(0.125, 12);
    expect(rateKnowledge(answered.topic, 3)).toEqual(answered.topic);
    const tooHard = rateKnowledge(answered.topic, 5);
    expect(tooHard.recentRating).toBe(-1);
    expect(updateKnowledge(answered.learner, tooHard, 't', true).topic.recentRating).toBeCloseTo(-SIGNAL_DECAY, 12);
  });

  it('given no ratings and no hints (ASSISTments), then the signals stay 0 and change no prediction', () => {
    const history = given([['a', true], ['a', false], ['b', true]]);
    expect(history.topics.get('a')).toMatchObject({ recentRating: 0, recentHintedCorrect: 0 });
    const withoutSignals = { ...KNOWLEDGE_MODEL_PARAMETERS, signals: { rating: 0, hintedCorrect: 0 } };
    expect(predictNext(history, 'a')).toBe(predictNext(history, 'a', withoutSignals));
  });
});

describe('topic mastery: only on evidence across days', () => {
  const p = (history: History) => topicPredictedSuccess(KNOWLEDGE_MODEL_PARAMETERS, history.learner, history.topics.get('t'), 't');
  /** Mastery after each answer of a history, as ability-model evaluates it (days: each answer's local date). */
  const masteryAlong = (answers: Array<[boolean, string]>) => {
    const states: boolean[] = [];
    let evidence = noSuccessDays();
    let mastered = false;
    answers.forEach(([right, day], i) => {
      const history = given(answers.slice(0, i + 1).map(([correct]) => ['t', correct]));
      evidence = recordSuccessDay(evidence, day, right);
      mastered = isTopicMastered({ answers: i + 1, predictedSuccess: p(history), successDays: evidence.days, wasMastered: mastered });
      states.push(mastered);
    });
    return states;
  };

  it('given three right answers on day one, then the prediction is high (0.84) but the topic is not mastered; one more right the next day masters it', () => {
    const three = given([['t', true], ['t', true], ['t', true]]);
    expect(p(three)).toBeGreaterThanOrEqual(TOPIC_MASTERY_RULE.minPredictedSuccess);
    expect(masteryAlong([[true, '2026-01-05'], [true, '2026-01-05'], [true, '2026-01-05']])).toEqual([false, false, false]);
    expect(masteryAlong([[true, '2026-01-05'], [true, '2026-01-05'], [true, '2026-01-05'], [true, '2026-01-06']]).at(-1)).toBe(true);
  });

  it('given ten right answers in one sitting, then the topic is still not mastered (issue 31: "Expert" after one day)', () => {
    expect(masteryAlong(Array.from({ length: 10 }, () => [true, '2026-01-05'] as [boolean, string])).some(Boolean)).toBe(false);
  });

  it('given right answers on two days but too few answers or a low prediction, then it is not mastered', () => {
    expect(isTopicMastered({ answers: 2, predictedSuccess: 0.99, successDays: 2, wasMastered: false })).toBe(false);
    expect(isTopicMastered({ answers: 5, predictedSuccess: 0.79, successDays: 3, wasMastered: false })).toBe(false);
  });

  it('given a mastered topic, then one slip keeps it and two misses in a row lose it; right answers bring it back', () => {
    const days: Array<[boolean, string]> = [[true, '2026-01-05'], [true, '2026-01-05'], [true, '2026-01-06'], [true, '2026-01-06']];
    const slip = masteryAlong([...days, [false, '2026-01-07']]);
    expect(slip.at(-2)).toBe(true);
    expect(slip.at(-1)).toBe(true);
    const twoMisses = masteryAlong([...days, [false, '2026-01-07'], [false, '2026-01-07']]);
    expect(twoMisses.at(-1)).toBe(false);
    // The model wants more evidence after misses: a few more right answers on later days win it back.
    const recovery = Array.from({ length: 8 }, (_, i): [boolean, string] => [true, `2026-01-${String(8 + Math.floor(i / 3)).padStart(2, '0')}`]);
    const back = masteryAlong([...days, [false, '2026-01-07'], [false, '2026-01-07'], ...recovery]).slice(-8);
    expect(back[0]).toBe(false);
    expect(back.at(-1)).toBe(true);
  });

  it('counts a right unaided answer once per day', () => {
    const one = recordSuccessDay(noSuccessDays(), '2026-01-05', true);
    expect(recordSuccessDay(one, '2026-01-05', true)).toBe(one);
    expect(recordSuccessDay(one, '2026-01-06', false)).toBe(one);
    expect(recordSuccessDay(one, '2026-01-06', true)).toEqual({ days: 2, last: '2026-01-06' });
  });

  it('counts the problems last answered right only while the topic is mastered', () => {
    expect(problemsMastered(true, 7)).toBe(7);
    expect(problemsMastered(false, 7)).toBe(0);
  });
});

describe('a topic not practised yet', () => {
  const params = KNOWLEDGE_MODEL_PARAMETERS;
  it('is predicted over the problems the student would meet in it: harder problems, lower success', () => {
    const easy = unpractisedTopicSuccess(params, undefined, 't', [problemDifficultyPrior(params, 1), problemDifficultyPrior(params, 2)]);
    const hard = unpractisedTopicSuccess(params, undefined, 't', [problemDifficultyPrior(params, 4), problemDifficultyPrior(params, 5)]);
    expect(easy).toBeGreaterThan(hard + 0.1);
  });

  it('is the mean of the per-problem predictions, and the average problem when there are none', () => {
    const mixed = unpractisedTopicSuccess(params, undefined, 't', [-1, 1]);
    expect(mixed).toBeCloseTo((predictCorrect(params, undefined, undefined, 't', -1) + predictCorrect(params, undefined, undefined, 't', 1)) / 2, 12);
    expect(unpractisedTopicSuccess(params, undefined, 't', [])).toBeCloseTo(predictCorrect(params, undefined, undefined, 't'), 12);
  });
});

describe('knowledge model: problem difficulty', () => {
  const model = params();

  it('starts from the level: 0 at level 3, levelStep per level, clamped to 1-5', () => {
    expect(problemDifficultyPrior(model, 3)).toBe(0);
    expect(problemDifficultyPrior(model, 5)).toBe(1);
    expect(problemDifficultyPrior(model, 9)).toBe(1);
    expect(problemDifficultyPrior(model, Number.NaN)).toBe(0);
  });

  it('given an unexpected right answer it gets easier, an unexpected miss harder, with a rate that decays', () => {
    expect(updateProblemDifficulty(model, { difficulty: 0, attempts: 0 }, 0.25, true)).toEqual({ difficulty: -0.75, attempts: 1 });
    expect(updateProblemDifficulty(model, { difficulty: 0, attempts: 0 }, 0.75, false)).toEqual({ difficulty: 0.75, attempts: 1 });
    expect(updateProblemDifficulty(model, { difficulty: 0, attempts: 10 }, 0.25, true).difficulty).toBeCloseTo(-0.375, 12);
  });

  it('ratings nudge it: Too Easy lowers, Just Right keeps, Too Hard raises, not counted as attempts', () => {
    expect(rateProblemDifficulty(model, { difficulty: 0, attempts: 0 }, 1)).toBeCloseTo(-0.2, 12);
    expect(rateProblemDifficulty(model, { difficulty: 0, attempts: 0 }, 3)).toBe(0);
    expect(rateProblemDifficulty(model, { difficulty: 0, attempts: 0 }, 5)).toBeCloseTo(0.2, 12);
  });
});

describe('knowledge model: parameter file', () => {
  it('the product’s file passes the schema and is fitted (not all zeros)', () => {
    expect(knowledgeModelParametersSchema.parse(KNOWLEDGE_MODEL_PARAMETERS)).toEqual(KNOWLEDGE_MODEL_PARAMETERS);
    expect(Object.values(KNOWLEDGE_MODEL_PARAMETERS.weights).some((w) => w !== 0)).toBe(true);
    expect(Object.keys(KNOWLEDGE_MODEL_PARAMETERS.topics).length).toBeGreaterThan(100);
  });

  it('a file missing a weight is refused with the feature names', () => {
    const { weights, ...rest } = params();
    const { bias: _bias, ...withoutBias } = weights;
    const result = knowledgeModelParametersSchema.safeParse({ ...rest, weights: withoutBias });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toMatch(/weights must name every feature: bias, topic\.first/);
  });
});
