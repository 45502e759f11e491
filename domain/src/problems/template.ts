import type { ProblemFigure } from './figures.ts';
import type { AnswerForm, Problem, ProblemType } from './problem.ts';
import { createRng, hashString, mixSeed, type Rng } from './random.ts';
import { getTopic } from './topics.ts';

export type DifficultyLevel = 1 | 2 | 3 | 4 | 5;

/** A seeded problem generator. The same seed always gives the same problem. */
export interface ProblemTemplate {
  id: string;
  topic_id: string;
  /** Grades the template suits, ascending. */
  grades: readonly number[];
  difficulty: DifficultyLevel;
  problem_type: ProblemType;
  /**
   * Generates a problem. `grade` (when one of `grades`) is recorded on the problem; otherwise
   * the first grade is.
   */
  generate(seed: number, options?: { grade?: number }): Problem;
  /** The problem's figure for this seed (drawn from the same numbers), or null when it has none. */
  figure?(seed: number): ProblemFigure | null;
}

/** What a template builds from its random stream. */
interface Built {
  question: string;
  /** The correct answer in a typed form. */
  answer: string;
  /** How to check free responses; defaults to { kind: 'number' }. Ignored for multiple choice. */
  form?: AnswerForm;
  hint: string;
  explanation: string;
  /** Multiple choice: wrong options from typical mistakes, best first. */
  distractors?: readonly string[];
  /** Multiple choice: more wrong options when the typical mistakes coincide with the answer. */
  fallback?: (rng: Rng, attempt: number) => string;
  /** A drawing of the problem (shape, angles, clock, number line, chart, measuring picture), from the same numbers. */
  figure?: ProblemFigure;
}

export interface TemplateSpec {
  id: string;
  topic: string;
  grades: readonly [number, number];
  difficulty: DifficultyLevel;
  type: ProblemType;
  /** Estimated time in seconds. */
  time: number;
  build(rng: Rng): Built;
}

/** Options are compared by value when they are plain numbers, so '0.50' and '0.5' never both appear. */
const NUMERIC_OPTION = /^(£?)(-?\d+(?:\.\d+)?)(?:\/(\d+))?(\D*)$/;

function optionKey(option: string): string {
  const s = option.includes(' ') ? option.replace(/\s+/g, '').toLowerCase() : option.toLowerCase();
  const first = s.charCodeAt(0);
  const m = (first >= 48 && first <= 57) || first === 45 || first === 163 ? NUMERIC_OPTION.exec(s) : null;
  if (!m) return s;
  const value = Number(m[2]) / (m[3] ? Number(m[3]) : 1);
  return `${m[1]}${Math.round(value * 1e9) / 1e9}${m[4]}`;
}

function chooseOptions(rng: Rng, built: Built, id: string): string[] {
  const keys = new Set([optionKey(built.answer)]);
  const options = [built.answer];
  const add = (candidate: string) => {
    const key = optionKey(candidate);
    if (options.length < 4 && candidate.trim() !== '' && !keys.has(key)) {
      keys.add(key);
      options.push(candidate);
    }
  };
  for (const d of built.distractors ?? []) add(d);
  for (let attempt = 0; options.length < 4 && attempt < 60; attempt++) {
    if (built.fallback) add(built.fallback(rng, attempt));
    else {
      const n = Number(built.answer);
      if (!Number.isFinite(n)) break;
      add(String(n + rng.pick([-1, 1]) * rng.int(1, 5 + attempt)));
    }
  }
  if (options.length < 4) throw new Error(`Template ${id} could not make 4 distinct options`);
  return rng.shuffle(options);
}

function checkedSeed(seed: number): number {
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new RangeError(`Seed must be an integer from 0 to 4294967295, got ${seed}`);
  return seed;
}

export function defineTemplate(spec: TemplateSpec): ProblemTemplate {
  const topic = getTopic(spec.topic);
  const [from, to] = spec.grades;
  const grades = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const salt = hashString(spec.id);
  return {
    id: spec.id,
    topic_id: topic.id,
    grades,
    difficulty: spec.difficulty,
    problem_type: spec.type,
    figure(seed) {
      return spec.build(createRng(mixSeed(checkedSeed(seed), salt))).figure ?? null;
    },
    generate(seed, options) {
      const rng = createRng(mixSeed(checkedSeed(seed), salt));
      const built = spec.build(rng);
      const grade = options?.grade !== undefined && grades.includes(options.grade) ? options.grade : from;
      const choice = spec.type === 'multiple_choice';
      return {
        topic: topic.name,
        topic_id: topic.id,
        grade,
        question: built.question,
        problem_type: spec.type,
        answer_options: choice ? chooseOptions(rng, built, spec.id) : null,
        correct_answer: built.answer,
        answer_form: choice ? { kind: 'choice' } : (built.form ?? { kind: 'number' }),
        hint: built.hint,
        explanation: built.explanation,
        difficulty_level: spec.difficulty,
        estimated_time_seconds: spec.time,
        template_id: spec.id,
        seed,
      };
    },
  };
}

