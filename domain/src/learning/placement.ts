/**
 * The placement check's grade estimate (docs/learning-model.md, "Placement"): a Bayesian
 * posterior over grades 1-12, updated after every answer, in the manner of IXL's diagnostic and
 * ALEKS's initial assessment. Each question is asked at the grade whose answer is expected to
 * shrink the uncertainty most; the check ends after MAX_PLACEMENT_QUESTIONS answers or as soon as
 * the estimate is settled. Pure: the problem for a question comes from the problem templates
 * (the source of the bank) with a seed derived from the check's own seed and the question number.
 */
import { generateProblem, problemTemplates } from '../problems/templates.ts';
import type { Problem } from '../problems/problem.ts';
import { createRng, mixSeed } from '../problems/random.ts';
import type { ProblemTemplate } from '../problems/template.ts';

const PLACEMENT_GRADES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export const MAX_PLACEMENT_QUESTIONS = 12;
/** Fewer answers than this never settle the estimate (one lucky guess must not place a student). */
export const MIN_PLACEMENT_QUESTIONS = 8;
/** Settled: this much of the posterior lies within one grade of its median. */
const SETTLED_MASS = 0.9;

/** How fast success falls with the distance between the student's grade and the question's. */
const SLOPE = 1.5;
/** A student answers a question of their own grade right about 70% of the time (0.05 + 0.9·σ(1)). */
const OFFSET = 1;
const SLIP = 0.05;
/** The chance of a right answer by guessing: one option in four; almost none for a typed answer. */
const CHOICE_GUESS = 0.25;
const TYPED_GUESS = 0.05;
/** How much a stated grade weighs in the prior: each grade further away is this much less likely. */
const PRIOR_DECAY = 0.5;

/** What the estimate needs from one answer. */
export interface PlacementAnswerFact {
  grade: number;
  isCorrect: boolean;
  /** Multiple choice answers can be guessed. */
  multipleChoice: boolean;
}

/** P(right answer | the student is at `studentGrade`, the question is of `questionGrade`). */
function placementSuccessChance(studentGrade: number, questionGrade: number, multipleChoice: boolean): number {
  const guess = multipleChoice ? CHOICE_GUESS : TYPED_GUESS;
  return guess + (1 - guess - SLIP) / (1 + Math.exp(-(SLOPE * (studentGrade - questionGrade) + OFFSET)));
}

const normalised = (weights: number[]): number[] => {
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => w / total);
};

/** Uniform over grades 1-12, or leaning towards the grade the student gave. */
function placementPrior(statedGrade: number | null): number[] {
  return normalised(PLACEMENT_GRADES.map((g) => (statedGrade === null ? 1 : PRIOR_DECAY ** Math.abs(g - statedGrade))));
}

/** The posterior over grades 1-12 (index 0 = grade 1) after the answers. */
export function placementPosterior(statedGrade: number | null, answers: readonly PlacementAnswerFact[]): number[] {
  let posterior = placementPrior(statedGrade);
  for (const answer of answers) posterior = updated(posterior, answer.grade, answer.multipleChoice, answer.isCorrect);
  return posterior;
}

function updated(posterior: readonly number[], questionGrade: number, multipleChoice: boolean, isCorrect: boolean): number[] {
  return normalised(
    posterior.map((p, i) => {
      const chance = placementSuccessChance(PLACEMENT_GRADES[i]!, questionGrade, multipleChoice);
      return p * (isCorrect ? chance : 1 - chance);
    }),
  );
}

/** The smallest grade at which the posterior reaches one half. */
function posteriorMedian(posterior: readonly number[]): number {
  let mass = 0;
  for (let i = 0; i < posterior.length; i++) {
    mass += posterior[i]!;
    if (mass >= 0.5) return PLACEMENT_GRADES[i]!;
  }
  return PLACEMENT_GRADES.at(-1)!;
}

const entropy = (posterior: readonly number[]) => -posterior.reduce((sum, p) => sum + (p > 0 ? p * Math.log(p) : 0), 0);

/**
 * The grade to ask next: the one whose answer leaves the least expected entropy (the most
 * information), nearer the median on a tie, and never more than one grade above the median (the
 * most informative question is often two grades up, which is no way to start a child with a
 * stated grade of 3; simulated students place as well with the cap). Typed answers are assumed:
 * a question's form is chosen after its grade.
 */
export function nextPlacementGrade(posterior: readonly number[]): number {
  const median = posteriorMedian(posterior);
  let best = median;
  let bestEntropy = Number.POSITIVE_INFINITY;
  for (const grade of PLACEMENT_GRADES) {
    if (grade > median + 1) break;
    const right = posterior.reduce((sum, p, i) => sum + p * placementSuccessChance(PLACEMENT_GRADES[i]!, grade, false), 0);
    const expected = right * entropy(updated(posterior, grade, false, true)) + (1 - right) * entropy(updated(posterior, grade, false, false));
    const better = expected < bestEntropy - 1e-9 || (Math.abs(expected - bestEntropy) <= 1e-9 && Math.abs(grade - median) < Math.abs(best - median));
    if (better) {
      best = grade;
      bestEntropy = expected;
    }
  }
  return best;
}

export interface PlacementEstimate {
  /** The starting grade: the posterior median. */
  grade: number;
  /** The posterior mass within one grade of `grade`. */
  confidence: number;
  /** True when the check should end now. */
  done: boolean;
}

export function estimatePlacement(statedGrade: number | null, answers: readonly PlacementAnswerFact[]): PlacementEstimate {
  const posterior = placementPosterior(statedGrade, answers);
  const grade = posteriorMedian(posterior);
  const confidence = posterior.reduce((sum, p, i) => sum + (Math.abs(PLACEMENT_GRADES[i]! - grade) <= 1 ? p : 0), 0);
  const done = answers.length >= MAX_PLACEMENT_QUESTIONS || (answers.length >= MIN_PLACEMENT_QUESTIONS && confidence >= SETTLED_MASS);
  return { grade, confidence, done };
}

/** Templates by the grade that introduces their skill (their first grade): what a question of that grade asks. */
const templatesByGrade = new Map<number, ProblemTemplate[]>(
  PLACEMENT_GRADES.map((grade) => [grade, problemTemplates.filter((t) => t.grades[0] === grade)]),
);

export interface PlacementQuestion {
  templateId: string;
  seed: number;
  grade: number;
  problem: Problem;
}

/**
 * The problem for question `index` (0-based) at `grade`: a template introduced in that grade,
 * preferring topics and then templates not asked yet in this check, picked and seeded from the
 * check's seed, so the same answers always bring the same question.
 */
export function placementQuestion(
  checkSeed: number,
  index: number,
  grade: number,
  asked: readonly { templateId: string; topicId: string }[],
): PlacementQuestion {
  const all = templatesByGrade.get(grade) ?? [];
  const freshTopics = all.filter((t) => !asked.some((a) => a.topicId === t.topic_id));
  const freshTemplates = all.filter((t) => !asked.some((a) => a.templateId === t.id));
  const pool = freshTopics.length > 0 ? freshTopics : freshTemplates.length > 0 ? freshTemplates : all;
  const seed = mixSeed(checkSeed, index + 1);
  const template = createRng(seed).pick(pool);
  return { templateId: template.id, seed, grade, problem: generateProblem(template.id, seed, { grade }) };
}
