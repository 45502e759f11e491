/**
 * Online ability model: the probability that a student answers a problem correctly, estimated
 * before the attempt. An Elo-style model with an uncertainty function (Pelánek, "Applications of
 * the Elo rating system in adaptive educational systems", 2016), hierarchical over a global
 * student ability and a per-student, per-topic ability:
 *
 *   p = σ(θ_s + θ_{s,k} − d_i)                   σ(x) = 1 / (1 + e^(−x))
 *   θ_s     ← θ_s     + U_s(n_s)     · (y − p)
 *   θ_{s,k} ← θ_{s,k} + U_k(n_{s,k}) · (y − p)
 *   d_i     ← d_i     − U_i(n_i)     · (y − p)
 *   U(n) = α / (1 + β · n)                        (learning rates decay with the number of updates)
 *
 * y is 1 for a correct answer and 0 otherwise. A problem's difficulty starts from a prior given by
 * its `difficulty_level` (1-5 on the logit scale) and is calibrated by every student's attempts;
 * difficulty ratings nudge it (see `ratingNudge`).
 *
 * The state is plain JSON (nested records), so it can be serialised as it is. For speed the
 * model-level functions (`updateWithAttempt`, `updateWithRating`) update the model IN PLACE and
 * return it; `cloneAbilityModel` copies it. The per-row math (`eloUpdate`, `ratingNudge`,
 * `predictFromParameters`) is pure and works on single database rows, which is how the projector
 * stores the parameters.
 */

export interface UncertaintyParams {
  /** Learning rate of the very first update. */
  alpha: number;
  /** How quickly the learning rate decays with the number of updates. */
  beta: number;
}

export interface AbilityParams {
  student: UncertaintyParams;
  topic: UncertaintyParams;
  problem: UncertaintyParams;
  /** Prior difficulty of a problem of level 3, on the logit scale. */
  difficultyBase: number;
  /** Prior difficulty added per level above 3 (level 1 = base − 2·step, level 5 = base + 2·step). */
  difficultyStep: number;
  /** How far one difficulty rating moves a problem's difficulty, relative to its learning rate. */
  ratingWeight: number;
}

/**
 * Defaults chosen by 5-fold cross-validation by student on ASSISTments 2009 (docs/learning-model.md)
 * for the learning rates; the difficulty prior is a product decision (level 3 ≈ 71 % for an
 * average student, level 1 ≈ 90 %, level 5 ≈ 40 %).
 */
export const DEFAULT_ABILITY_PARAMS: AbilityParams = {
  student: { alpha: 1.2, beta: 0 },
  topic: { alpha: 0.2, beta: 0.1 },
  problem: { alpha: 1, beta: 0.05 },
  difficultyBase: -0.9,
  difficultyStep: 0.65,
  ratingWeight: 0.1,
};

export interface AbilityEntry {
  ability: number;
  count: number;
}

export interface DifficultyEntry {
  difficulty: number;
  /** Attempts that calibrated this difficulty. */
  count: number;
  /** Difficulty ratings that nudged it. */
  ratings: number;
}

export interface AbilityModel {
  params: AbilityParams;
  /** studentId → global ability. */
  students: Record<string, AbilityEntry>;
  /** studentId → topicId → topic ability (added to the global ability). */
  studentTopics: Record<string, Record<string, AbilityEntry>>;
  /** problemId → difficulty. */
  problems: Record<string, DifficultyEntry>;
}

export interface AttemptFacts {
  studentId: string;
  topicId: string;
  problemId: string;
  /** 1-5; the prior for a problem the model has not seen yet. */
  difficultyLevel: number;
}

export interface AttemptOutcome extends AttemptFacts {
  isCorrect: boolean;
}

export interface RatingFacts {
  problemId: string;
  difficultyLevel: number;
  /** 1 Too Easy … 5 Too Hard. */
  rating: number;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** Learning rate after `count` updates: α / (1 + β·count). */
export const eloUncertainty = (u: UncertaintyParams, count: number): number => u.alpha / (1 + u.beta * count);

/** Prior difficulty (logit) of a problem of the given level (clamped to 1-5; non-numbers count as 3). */
export function difficultyPrior(level: number, params: AbilityParams = DEFAULT_ABILITY_PARAMS): number {
  const clamped = Number.isFinite(level) ? Math.min(5, Math.max(1, level)) : 3;
  return params.difficultyBase + params.difficultyStep * (clamped - 3);
}

/** p = σ(studentAbility + topicAbility − problemDifficulty). */
export function predictFromParameters(values: {
  studentAbility: number;
  topicAbility: number;
  problemDifficulty: number;
}): number {
  return sigmoid(values.studentAbility + values.topicAbility - values.problemDifficulty);
}

const logistic = (studentAbility: number, topicAbility: number, problemDifficulty: number): number =>
  1 / (1 + Math.exp(problemDifficulty - studentAbility - topicAbility));

export interface EloRow {
  studentAbility: number;
  studentCount: number;
  topicAbility: number;
  topicCount: number;
  problemDifficulty: number;
  problemCount: number;
}

export interface EloUpdateResult extends EloRow {
  /** The probability predicted before this attempt. */
  predicted: number;
}

/**
 * One attempt's update on individual rows (a student row, a student-topic row, a problem row).
 * Pure: returns the new values and the pre-attempt prediction. Set `updateProblem: false` to keep
 * the problem's difficulty fixed (used when evaluating on held-out students).
 */
export function eloUpdate(
  row: EloRow & { isCorrect: boolean },
  params: AbilityParams = DEFAULT_ABILITY_PARAMS,
  options: { updateProblem?: boolean } = {},
): EloUpdateResult {
  const predicted = logistic(row.studentAbility, row.topicAbility, row.problemDifficulty);
  const error = (row.isCorrect ? 1 : 0) - predicted;
  const updateProblem = options.updateProblem ?? true;
  return {
    predicted,
    studentAbility: row.studentAbility + eloUncertainty(params.student, row.studentCount) * error,
    studentCount: row.studentCount + 1,
    topicAbility: row.topicAbility + eloUncertainty(params.topic, row.topicCount) * error,
    topicCount: row.topicCount + 1,
    problemDifficulty: updateProblem
      ? row.problemDifficulty - eloUncertainty(params.problem, row.problemCount) * error
      : row.problemDifficulty,
    problemCount: updateProblem ? row.problemCount + 1 : row.problemCount,
  };
}

/**
 * A difficulty rating nudges the problem's difficulty: 3 (Just Right) leaves it, 1-2 (Too Easy,
 * Easy) lower it, 4-5 (Hard, Too Hard) raise it, by ratingWeight · U_i(n_i) · (rating − 3) / 2.
 * Abilities are not touched, counts are not increased (a rating is weak evidence).
 */
export function ratingNudge(
  row: { problemDifficulty: number; problemCount: number; rating: number },
  params: AbilityParams = DEFAULT_ABILITY_PARAMS,
): number {
  const rating = Math.min(5, Math.max(1, row.rating));
  return row.problemDifficulty + params.ratingWeight * eloUncertainty(params.problem, row.problemCount) * ((rating - 3) / 2);
}

export function createAbilityModel(params: AbilityParams = DEFAULT_ABILITY_PARAMS): AbilityModel {
  return { params, students: {}, studentTopics: {}, problems: {} };
}

/** A deep copy (the model is plain JSON). */
export function cloneAbilityModel(model: AbilityModel): AbilityModel {
  return structuredClone(model);
}

/** The model's current rows for an attempt (unknown entities get their priors). */
function currentRow(model: AbilityModel, facts: AttemptFacts, isCorrect: boolean): EloRow & { isCorrect: boolean } {
  const student = model.students[facts.studentId];
  const topic = model.studentTopics[facts.studentId]?.[facts.topicId];
  const problem = model.problems[facts.problemId];
  return {
    studentAbility: student === undefined ? 0 : student.ability,
    studentCount: student === undefined ? 0 : student.count,
    topicAbility: topic === undefined ? 0 : topic.ability,
    topicCount: topic === undefined ? 0 : topic.count,
    problemDifficulty: problem === undefined ? difficultyPrior(facts.difficultyLevel, model.params) : problem.difficulty,
    problemCount: problem === undefined ? 0 : problem.count,
    isCorrect,
  };
}

/** Probability that the student answers the problem correctly, before the attempt. */
export function predictCorrect(model: AbilityModel, facts: AttemptFacts): number {
  const row = currentRow(model, facts, false);
  return logistic(row.studentAbility, row.topicAbility, row.problemDifficulty);
}

/**
 * Folds one attempt into the model IN PLACE and returns the model. `onPrediction` receives the
 * pre-attempt probability (used by the evaluation). `updateProblem: false` freezes difficulties.
 */
export function updateWithAttempt(
  model: AbilityModel,
  attempt: AttemptOutcome,
  options: { updateProblem?: boolean; onPrediction?: (p: number) => void } = {},
): AbilityModel {
  const updateProblem = options.updateProblem ?? true;
  const next = eloUpdate(currentRow(model, attempt, attempt.isCorrect), model.params, { updateProblem });
  options.onPrediction?.(next.predicted);
  const student = model.students[attempt.studentId];
  if (student === undefined) model.students[attempt.studentId] = { ability: next.studentAbility, count: next.studentCount };
  else {
    student.ability = next.studentAbility;
    student.count = next.studentCount;
  }
  let topics = model.studentTopics[attempt.studentId];
  if (topics === undefined) {
    topics = {};
    model.studentTopics[attempt.studentId] = topics;
  }
  const topic = topics[attempt.topicId];
  if (topic === undefined) topics[attempt.topicId] = { ability: next.topicAbility, count: next.topicCount };
  else {
    topic.ability = next.topicAbility;
    topic.count = next.topicCount;
  }
  if (updateProblem) {
    const problem = model.problems[attempt.problemId];
    if (problem === undefined) {
      model.problems[attempt.problemId] = { difficulty: next.problemDifficulty, count: next.problemCount, ratings: 0 };
    } else {
      problem.difficulty = next.problemDifficulty;
      problem.count = next.problemCount;
    }
  }
  return model;
}

/** Folds one difficulty rating into the model IN PLACE and returns the model. */
export function updateWithRating(model: AbilityModel, rating: RatingFacts): AbilityModel {
  const problem = model.problems[rating.problemId];
  const problemDifficulty = problem?.difficulty ?? difficultyPrior(rating.difficultyLevel, model.params);
  const problemCount = problem?.count ?? 0;
  model.problems[rating.problemId] = {
    difficulty: ratingNudge({ problemDifficulty, problemCount, rating: rating.rating }, model.params),
    count: problemCount,
    ratings: (problem?.ratings ?? 0) + 1,
  };
  return model;
}
