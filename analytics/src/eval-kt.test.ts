import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { main, runEvalKt } from './eval-kt.ts';
import { parseKtFile, sameSkillMask } from './kt-data.ts';

const cli = fileURLToPath(new URL('./eval-kt.ts', import.meta.url));
const run = promisify(execFile);

/**
 * Students who learn: each has an ability, each skill a difficulty, and every answer on a skill
 * raises the chance of the next one; skills come in runs, sometimes two tagged on one problem
 * (two rows, one outcome), like ASSISTments. Seeded, so the file is the same every time.
 */
function generate(students: number, seed: number): string {
  let state = seed;
  const random = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
  const lines: string[] = [];
  for (let s = 0; s < students; s += 1) {
    const ability = random() * 2 - 1;
    const skills: number[] = [];
    const correct: number[] = [];
    const practice = new Map<number, number>();
    while (skills.length < 20 + Math.floor(random() * 20)) {
      const skill = 1 + Math.floor(random() * 6);
      for (let run = 0; run < 3; run += 1) {
        const done = practice.get(skill) ?? 0;
        const p = 1 / (1 + Math.exp(-(ability - (skill - 3.5) * 0.6 + 0.4 * done)));
        const outcome = random() < p ? 1 : 0;
        practice.set(skill, done + 1);
        skills.push(skill);
        correct.push(outcome);
        if (skill % 2 === 0) {
          skills.push(skill + 1);
          correct.push(outcome);
        }
      }
    }
    lines.push(String(skills.length), skills.join(','), correct.join(','));
  }
  return `${lines.join('\n')}\n`;
}

let dir: string;
let train: string;
let test: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'eval-kt-'));
  train = join(dir, 'train.csv');
  test = join(dir, 'test.csv');
  writeFileSync(train, generate(80, 1));
  writeFileSync(test, generate(30, 2));
});

describe('npm run eval:kt', () => {
  it('fits on --train, scores --test with both baselines, and ends with one JSON line', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', cli, '--train', train, '--test', test]);
    const lines = stdout.trimEnd().split('\n');
    expect(stdout).toMatch(/skill average/);
    expect(stdout).toMatch(/PFA/);
    expect(stdout).toMatch(/knowledge model \(product\)/);
    expect(stdout).toMatch(/same-skill only/);
    const summary = JSON.parse(lines[lines.length - 1]!) as Record<string, number>;
    expect(Object.keys(summary)).toEqual(['auc', 'logLoss', 'ece', 'n']);
    expect(stdout).toMatch(/knowledge model \(product\)\s+ECE 0\.\d{4}/);
    expect(stdout.match(/^  0\.\d–[01]\.\d /gm)).toHaveLength(10);
    const responses = parseKtFile(generate(30, 2)).reduce((n, s) => n + s.skills.length, 0);
    expect(summary.n).toBe(responses);
    // The generated students learn, so the model ranks clearly better than chance.
    expect(summary.auc).toBeGreaterThan(0.7);
    expect(summary.logLoss).toBeLessThan(0.6);
  });

  it('is deterministic, and --cv reports every model overall and on same-skill responses', () => {
    const output = (args: string[]) => {
      const lines: string[] = [];
      runEvalKt(args, (line) => lines.push(line));
      return lines.filter((line) => !/^\(\d+\.\d s\)$/.test(line));
    };
    const first = output(['--cv', '3', '--train', train]);
    expect(output(['--cv', '3', '--train', train])).toEqual(first);
    expect(first[0]).toMatch(/^3-fold cross-validation by student \(seed 2009\)/);
    const sameSkill = sameSkillMask(parseKtFile(generate(80, 1))).filter(Boolean).length;
    expect(first.join('\n')).toContain(`same-skill only (n=${sameSkill.toLocaleString('en-GB')})`);
    expect(first.join('\n')).toMatch(/knowledge model \(product\): AUC per fold( 0\.\d{4}){3}, mean 0\.\d{4}/);
    expect(JSON.parse(first[first.length - 1]!)).toMatchObject({ n: parseKtFile(generate(80, 1)).reduce((n, s) => n + s.skills.length, 0) });
  });

  it('a malformed file or bad arguments: a message naming the file and the line, exit code 2', () => {
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, '3\n1,2,1\n0,1,1\n2\n4,5\n1,2\n');
    const errors: string[] = [];
    expect(main(['--train', train, '--test', bad], () => undefined, (line) => errors.push(line))).toBe(2);
    expect(errors[0]).toContain(`${bad} is malformed: line 6: correctness 2 is "2", expected 0 or 1`);
    expect(main(['--train', train], () => undefined, (line) => errors.push(line))).toBe(2);
    expect(errors[1]).toContain('Give either --test FILE or --cv K.');
    expect(main(['--train', join(dir, 'missing.csv'), '--cv', '5'], () => undefined, (line) => errors.push(line))).toBe(2);
    expect(errors[2]).toContain('Cannot read');
  });
});

describe('the three-line format', () => {
  it('parses students in file order', () => {
    expect(parseKtFile('3\n1,2,1\n0,1,1\n1\n5\n0\n')).toEqual([
      { studentId: '1', skills: ['1', '2', '1'], correct: [0, 1, 1] },
      { studentId: '2', skills: ['5'], correct: [0] },
    ]);
  });

  it.each([
    ['', 'line 1: the file is empty'],
    ['x\n1\n0\n', 'line 1: expected the number of responses of a student (a whole number ≥ 1), found "x"'],
    ['2\n1\n0,1\n', 'line 2: expected 2 skill ids separated by commas (the count on line 1), found 1'],
    ['2\n1,2\n0\n', 'line 3: expected 2 correctness values separated by commas (the count on line 1), found 1'],
    ['1\n7\n1\n2\n1,a\n0,1\n', 'line 5: skill id 2 is "a", not a whole number'],
    ['1\n7\n1\n1\n3\n', 'line 6: the file ends inside the student that starts on line 4'],
  ])('refuses %j with "%s"', (text, message) => {
    expect(() => parseKtFile(text)).toThrow(message);
  });

  it('same-skill responses: the first of a student, and those after a row of the same skill', () => {
    expect(sameSkillMask(parseKtFile('4\n1,1,2,2\n1,0,1,1\n2\n3,4\n0,0\n'))).toEqual([true, true, false, true, true, false]);
  });
});

describe.runIf(process.env.KT_DATA === '1')('on ASSISTments 2009 (KT_DATA=1; 3-4 minutes)', () => {
  it('the product model is calibrated on held-out students: expected calibration error below 0.03', () => {
    const lines: string[] = [];
    runEvalKt(['--cv', '5', '--train', fileURLToPath(new URL('../../../shared/data/assist2009/train.csv', import.meta.url))], (line) => lines.push(line));
    const summary = JSON.parse(lines[lines.length - 1]!) as { auc: number; ece: number };
    expect(summary.ece).toBeLessThan(0.03);
    expect(summary.auc).toBeGreaterThan(0.8);
  }, 600_000);
});
