/**
 * Knowledge-tracing data in the DKT/DKVMN three-line format: per student a line with the number of
 * responses, a line of skill ids and a line of 0/1 correctness, comma separated, in the order
 * answered. Students are numbered in file order.
 */

export interface ResponseSequence {
  studentId: string;
  /** Skill id of each response, in the order answered. */
  skills: string[];
  /** 1 correct, 0 incorrect, aligned with `skills`. */
  correct: number[];
}

/** A file that is not in the format; `line` is 1-based. */
export class KtFormatError extends Error {
  constructor(
    readonly line: number,
    detail: string,
  ) {
    super(`line ${line}: ${detail}`);
  }
}

const quote = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

function fields(line: string, lineNumber: number, what: string, expected: number): string[] {
  const items = line.split(',').map((item) => item.trim());
  if (items.length !== expected || (expected > 0 && items.some((item) => item === ''))) {
    const found = line === '' ? 0 : items.filter((item) => item !== '').length;
    throw new KtFormatError(lineNumber, `expected ${expected} ${what} separated by commas (the count on line ${lineNumber - (what === 'skill ids' ? 1 : 2)}), found ${found}`);
  }
  return items;
}

export function parseKtFile(text: string): ResponseSequence[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) throw new KtFormatError(1, 'the file is empty; expected three lines per student (count; skill ids; 0/1 correctness)');
  const sequences: ResponseSequence[] = [];
  for (let i = 0; i < lines.length; i += 3) {
    const countLine = lines[i]!;
    if (!/^[1-9]\d*$/.test(countLine)) {
      throw new KtFormatError(i + 1, `expected the number of responses of a student (a whole number ≥ 1), found ${quote(countLine)}`);
    }
    const count = Number(countLine);
    if (i + 2 >= lines.length) {
      throw new KtFormatError(lines.length + 1, `the file ends inside the student that starts on line ${i + 1}; expected three lines per student`);
    }
    const skills = fields(lines[i + 1]!, i + 2, 'skill ids', count);
    const badSkill = skills.findIndex((skill) => !/^\d+$/.test(skill));
    if (badSkill >= 0) throw new KtFormatError(i + 2, `skill id ${badSkill + 1} is ${quote(skills[badSkill]!)}, not a whole number`);
    const correctness = fields(lines[i + 2]!, i + 3, 'correctness values', count);
    const badValue = correctness.findIndex((value) => value !== '0' && value !== '1');
    if (badValue >= 0) throw new KtFormatError(i + 3, `correctness ${badValue + 1} is ${quote(correctness[badValue]!)}, expected 0 or 1`);
    sequences.push({ studentId: String(i / 3 + 1), skills, correct: correctness.map(Number) });
  }
  return sequences;
}

/** A seeded shuffle of students into k folds of sizes differing by at most one (same seed → same folds). */
export function assignFolds(studentCount: number, k: number, seed: number): number[] {
  let state = seed >>> 0 || 1;
  const random = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const order = Array.from({ length: studentCount }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const folds = new Array<number>(studentCount).fill(0);
  order.forEach((student, position) => {
    folds[student] = position % k;
  });
  return folds;
}

/**
 * Whether each response is "same-skill": the student's previous row has the same skill id, or it
 * is the student's first response. A row after a different skill is where a problem tagged with
 * several skills shows up (consecutive rows, same correctness), which the product never sees.
 */
export function sameSkillMask(sequences: readonly ResponseSequence[]): boolean[] {
  return sequences.flatMap((sequence) => sequence.skills.map((skill, t) => t === 0 || sequence.skills[t - 1] === skill));
}
