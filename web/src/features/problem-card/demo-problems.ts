/**
 * The demo's four sample problems, made by the real generators with fixed seeds, and its answer
 * checking in the browser. Loaded lazily by the demo page (the answer checker brings mathjs).
 */
import { checkAnswer } from '@mathdaily/domain/problems/check-answer';
import type { ProblemFigure } from '@mathdaily/domain/problems/figures';
import type { Problem } from '@mathdaily/domain/problems/problem';
import { problemTemplates } from '@mathdaily/domain/problems/templates';

/** A sample problem in the SPEC's demo naming (problemType, difficultyLevel, correctAnswer). */
export interface DemoProblem {
  id: string;
  topic: string;
  question: string;
  problemType: string;
  answerOptions: string[] | null;
  correctAnswer: string;
  hint: string;
  explanation: string;
  difficultyLevel: number;
  estimatedTimeSeconds: number;
  /** The problem's drawing, from the same template and seed (null when it has none). */
  figure: ProblemFigure | null;
  /** Kept for checkAnswer. */
  source: Problem;
}

/** (template, seed) of each sample: multiple choice, a fraction (of a pie, with its figure), a power, a square root. */
const DEMO_SAMPLES: readonly { templateId: string; seed: number }[] = [
  { templateId: 'fraction-compare', seed: 1 },
  { templateId: 'fraction-of-shape', seed: 3 },
  { templateId: 'index-laws', seed: 1 },
  { templateId: 'surd-simplify', seed: 1 },
];

export function demoProblems(): DemoProblem[] {
  return DEMO_SAMPLES.map(({ templateId, seed }, index) => {
    const template = problemTemplates.find((t) => t.id === templateId);
    if (!template) throw new Error(`Demo template ${templateId} is missing`);
    const problem = template.generate(seed);
    return {
      id: `demo-${index + 1}`,
      topic: problem.topic,
      question: problem.question,
      problemType: problem.problem_type,
      answerOptions: problem.answer_options,
      correctAnswer: problem.correct_answer,
      hint: problem.hint,
      explanation: problem.explanation,
      difficultyLevel: problem.difficulty_level,
      estimatedTimeSeconds: problem.estimated_time_seconds,
      figure: template.figure?.(seed) ?? null,
      source: problem,
    };
  });
}

/** SPEC §4: demo answers compare case-insensitively with all whitespace removed. */
function specDemoMatch(answer: string, correct: string): boolean {
  const squash = (text: string) => text.replace(/\s+/g, '').toLowerCase();
  return squash(answer) === squash(correct);
}

/**
 * The SPEC's demo rule, widened by checkAnswer (which also accepts equivalent forms: `0.5` for
 * `1/2`, `x = 3` for `3`, `1+2x` for `2x+1`, …). Multiple choice stays an exact match.
 */
export function checkDemoAnswer(problem: DemoProblem, answer: string): { isCorrect: boolean; feedback?: string } {
  if (problem.problemType === 'multiple_choice') return { isCorrect: answer === problem.correctAnswer };
  if (specDemoMatch(answer, problem.correctAnswer)) return { isCorrect: true };
  const check = checkAnswer(problem.source, answer);
  return check.message ? { isCorrect: check.correct, feedback: check.message } : { isCorrect: check.correct };
}
