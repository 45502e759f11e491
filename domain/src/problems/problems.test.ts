import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DomainError } from '../errors.ts';
import { eventSchemas, parseEventData } from '../events/registry.ts';
import * as domain from '../index.ts';
import { problemCreatedSchema } from './events.ts';
import { problemSchema } from './problem.ts';
import { createRng, mixSeed, mulberry32 } from './random.ts';
import { generateProblem, generateProblems, getTemplate, listTopics, problemTemplates } from './templates.ts';
import { topics } from './topics.ts';

describe('coverage of the bank', () => {
  test('at least 120 templates with unique ids', () => {
    expect(problemTemplates.length).toBeGreaterThanOrEqual(120);
    expect(new Set(problemTemplates.map((t) => t.id)).size).toBe(problemTemplates.length);
  });

  test('at least 30 topics with unique slugs and names', () => {
    expect(topics.length).toBeGreaterThanOrEqual(30);
    expect(new Set(topics.map((t) => t.id)).size).toBe(topics.length);
    expect(new Set(topics.map((t) => t.name)).size).toBe(topics.length);
  });

  test.each(Array.from({ length: 12 }, (_, i) => i + 1))('grade %i has at least 6 topics, each with a template for that grade', (grade) => {
    const inGrade = topics.filter((t) => t.grades.includes(grade));
    expect(inGrade.length).toBeGreaterThanOrEqual(6);
    for (const topic of inGrade) {
      expect(problemTemplates.some((t) => t.topic_id === topic.id && t.grades.includes(grade)), `${topic.id} grade ${grade}`).toBe(true);
    }
  });

  test('every template belongs to a catalog topic and stays within its grades', () => {
    for (const template of problemTemplates) {
      const topic = topics.find((t) => t.id === template.topic_id);
      expect(topic, template.id).toBeDefined();
      for (const g of template.grades) expect(topic?.grades, `${template.id} grade ${g}`).toContain(g);
    }
  });

  test('every topic has at least two templates and the catalog covers all five difficulty levels', () => {
    for (const topic of topics) expect(problemTemplates.filter((t) => t.topic_id === topic.id).length, topic.id).toBeGreaterThanOrEqual(2);
    expect(new Set(problemTemplates.map((t) => t.difficulty))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  test('multiple choice and free response are both well represented', () => {
    const mc = problemTemplates.filter((t) => t.problem_type === 'multiple_choice').length;
    expect(mc).toBeGreaterThanOrEqual(20);
    expect(problemTemplates.length - mc).toBeGreaterThanOrEqual(100);
  });
});

describe('generateProblem', () => {
  test('same template and seed give the same problem; another seed a different one', () => {
    const a = generateProblem('equation-two-step', 42);
    expect(generateProblem('equation-two-step', 42)).toEqual(a);
    const others = [1, 2, 3, 4, 5].map((s) => generateProblem('equation-two-step', s).question);
    expect(others.some((q) => q !== a.question)).toBe(true);
    expect(problemSchema.parse(a)).toEqual(a);
  });

  test('records the requested grade when the template covers it', () => {
    expect(generateProblem('hcf', 7, { grade: 7 }).grade).toBe(7);
    expect(() => generateProblem('hcf', 7, { grade: 2 })).toThrow(/grades 6-7, not grade 2/);
  });

  test('rejects unknown templates and bad seeds with clear errors', () => {
    expect(() => generateProblem('no-such-template', 1)).toThrow(DomainError);
    expect(() => generateProblem('no-such-template', 1)).toThrow("Unknown problem template 'no-such-template'");
    expect(() => generateProblem('hcf', -1)).toThrow(/seed must be an integer/);
    expect(() => generateProblem('hcf', 1.5)).toThrow(/seed must be an integer/);
    expect(() => generateProblem('hcf', 2 ** 32)).toThrow(/seed must be an integer/);
  });

  test('the largest seed works', () => {
    expect(generateProblem('times-table', 0xffffffff).seed).toBe(0xffffffff);
  });
});

describe('generateProblems', () => {
  test('is deterministic for the same options', () => {
    const options = { count: 20, grade: 7, seed: 99 };
    expect(generateProblems(options)).toEqual(generateProblems(options));
    expect(generateProblems({ ...options, seed: 100 })).not.toEqual(generateProblems(options));
  });

  test('defaults to one problem', () => {
    expect(generateProblems({ seed: 1 })).toHaveLength(1);
  });

  test('filters by topic (slug or name, any case), grade and difficulty', () => {
    for (const topic of ['linear-equations', 'Linear equations', 'LINEAR EQUATIONS']) {
      const problems = generateProblems({ count: 12, topic, grade: 8, seed: 5 });
      expect(problems).toHaveLength(12);
      for (const p of problems) {
        expect(p.topic_id).toBe('linear-equations');
        expect(p.topic).toBe('Linear equations');
        expect(p.grade).toBe(8);
      }
    }
    const hard = generateProblems({ count: 10, grade: 10, difficulty: 4, seed: 3 });
    for (const p of hard) {
      expect(p.difficulty_level).toBe(4);
      expect(p.grade).toBe(10);
    }
  });

  test('mixes templates before repeating one', () => {
    const problems = generateProblems({ count: 8, topic: 'quadratics', seed: 11 });
    const pool = problemTemplates.filter((t) => t.topic_id === 'quadratics').length;
    expect(new Set(problems.map((p) => p.template_id)).size).toBe(Math.min(8, pool));
  });

  test('falls back to the nearest difficulty a topic and grade offer', () => {
    const problems = generateProblems({ count: 5, topic: 'addition-subtraction', grade: 1, difficulty: 5, seed: 2 });
    const available = problemTemplates.filter((t) => t.topic_id === 'addition-subtraction' && t.grades.includes(1)).map((t) => t.difficulty);
    for (const p of problems) expect(p.difficulty_level).toBe(Math.max(...available));
  });

  test('every generated problem is valid and its answer is accepted', () => {
    for (let grade = 1; grade <= 12; grade++) {
      for (const p of generateProblems({ count: 30, grade, seed: grade })) {
        expect(problemSchema.safeParse(p).success).toBe(true);
        expect(domain.checkAnswer(p, p.correct_answer).correct).toBe(true);
      }
    }
  });

  test.each([
    [{ topic: 'astrology', seed: 1 }, /Unknown topic 'astrology'. Known topics: place-value/],
    [{ topic: 'differentiation', grade: 3, seed: 1 }, /practised in grade 12, not grade 3/],
    [{ grade: 0, seed: 1 }, /grade must be a whole number from 1 to 12/],
    [{ grade: 13, seed: 1 }, /grade must be a whole number from 1 to 12/],
    [{ grade: 2.5, seed: 1 }, /grade must be a whole number from 1 to 12/],
    [{ difficulty: 6, seed: 1 }, /difficulty must be a whole number from 1 to 5/],
    [{ difficulty: 0, seed: 1 }, /difficulty must be a whole number from 1 to 5/],
    [{ count: 0, seed: 1 }, /count must be a whole number from 1 to 100/],
    [{ count: 101, seed: 1 }, /count must be a whole number from 1 to 100/],
    [{ seed: -5 }, /seed must be an integer/],
    [{ seed: Number.NaN }, /seed must be an integer/],
  ])('rejects %j with a clear validation error', (options, message) => {
    expect(() => generateProblems(options)).toThrow(message);
    try {
      generateProblems(options);
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('listTopics', () => {
  test('lists the catalog, or the topics of one grade', () => {
    expect(listTopics()).toHaveLength(topics.length);
    const grade1 = listTopics({ grade: 1 });
    expect(grade1.map((t) => t.id)).toContain('place-value');
    expect(grade1.map((t) => t.id)).not.toContain('quadratics');
    expect(() => listTopics({ grade: 13 })).toThrow(DomainError);
  });
});

describe('ProblemCreated event', () => {
  const problem = generateProblem('fraction-divide', 7);
  const data = { ...problem, problem_id: '5b0e0e0e-2f4a-4b7a-9c1d-0a1b2c3d4e5f', source: 'generator' as const };

  test('is registered in the event registry', () => {
    expect(eventSchemas.ProblemCreated).toBeDefined();
    expect(parseEventData('ProblemCreated', data)).toEqual(data);
  });

  test('accepts a generated and a tutor-written problem', () => {
    expect(problemCreatedSchema.safeParse(data).success).toBe(true);
    const tutor = {
      ...data,
      source: 'tutor' as const,
      template_id: null,
      seed: null,
      problem_type: 'numeric' as const,
      answer_options: null,
      answer_form: { kind: 'number' as const },
      correct_answer: '12',
    };
    expect(problemCreatedSchema.safeParse(tutor).success).toBe(true);
  });

  test.each([
    ['a bad problem id', { problem_id: 'not-a-uuid' }],
    ['an unknown source', { source: 'import' }],
    ['a difficulty of 6', { difficulty_level: 6 }],
    ['grade 13', { grade: 13 }],
    ['an answer missing from the options', { correct_answer: 'zzz' }],
    ['duplicate options', { answer_options: ['1/2', '1/2', '1/3', '1/4'] }],
    ['options on a free-response problem', { problem_type: 'numeric', answer_form: { kind: 'number' } }],
    ['a generated problem without its seed', { seed: null }],
    ['an empty hint', { hint: '' }],
  ])('rejects %s', (_name, change) => {
    expect(problemCreatedSchema.safeParse({ ...data, ...change }).success).toBe(false);
  });
});

describe('seeded randomness', () => {
  test('mulberry32 is deterministic and createRng follows the same sequence', () => {
    const a = mulberry32(123);
    const b = createRng(123);
    for (let i = 0; i < 100; i++) expect(b.next()).toBe(a());
    expect(mulberry32(7)()).toBe(mulberry32(7)());
  });

  test('int stays in range and hits both ends; intExcept never returns an excluded value', () => {
    const rng = createRng(5);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const v = rng.int(-3, 3);
      expect(v).toBeGreaterThanOrEqual(-3);
      expect(v).toBeLessThanOrEqual(3);
      seen.add(v);
      expect([0, 2]).not.toContain(rng.intExcept(-3, 3, 0, 2));
    }
    expect(seen.size).toBe(7);
  });

  test('mixSeed spreads nearby seeds', () => {
    const seeds = new Set(Array.from({ length: 1000 }, (_, i) => mixSeed(1, i)));
    expect(seeds.size).toBe(1000);
  });

  test('generators never read the clock or Math.random', () => {
    const sourcesIn = (folder: string) =>
      readdirSync(join(import.meta.dirname, folder), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('testing'))
        .map((f) => join(import.meta.dirname, folder, f));
    const files = [
      ...sourcesIn('generators'),
      ...sourcesIn('checkers'),
      ...sourcesIn('math'),
      ...['template.ts', 'random.ts', 'format.ts', 'templates.ts', 'check-answer.ts'].map((f) => join(import.meta.dirname, f)),
    ];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      expect(source, file).not.toMatch(/Math\.random|Date\.now|new Date\(|performance\.now/);
    }
  });
});

describe('LaTeX in questions, hints and explanations', () => {
  test('renders with KaTeX for every template (first 25 seeds)', async () => {
    let katex: { renderToString(tex: string, options: { throwOnError: boolean }): string } | null = null;
    try {
      katex = (await import('katex')).default;
    } catch {
      katex = null; // KaTeX belongs to the web package; skip when it is not installed
    }
    if (!katex) return;
    const failures: string[] = [];
    for (const template of problemTemplates) {
      for (let seed = 0; seed < 25; seed++) {
        const p = template.generate(seed);
        for (const text of [p.question, p.hint, p.explanation]) {
          text.split('$').forEach((segment, i) => {
            if (i % 2 === 0) return;
            try {
              katex?.renderToString(segment, { throwOnError: true });
            } catch (error) {
              if (failures.length < 10) failures.push(`${template.id} seed ${seed}: ${segment} (${(error as Error).message.slice(0, 60)})`);
            }
          });
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('public API', () => {
  test('the domain index exports what the other workspaces import through it', () => {
    for (const name of ['checkAnswer', 'findTopic', 'getTopic', 'TOPIC_PREREQUISITES', 'topics', 'problemTemplates']) {
      expect(domain, name).toHaveProperty(name);
    }
    expect(getTemplate('hcf')?.topic_id).toBe('factors-multiples-primes');
  });
});
