/**
 * What children type that a teacher reads at once although it is not digits: whole numbers in
 * words ("twenty-one", "a hundred and five"), clock times in words ("quarter past 4", "half past
 * three", "5 o'clock"), and letters that look like digits inside a number ("2l" for 21, "1O" for
 * 10). Used by the answer checker (check-answer.ts): the first two are read as answers, the last
 * is a retry that says what was probably meant.
 */

const UNITS: Record<string, number> = {
  zero: 0, nought: 0, nil: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
  ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };

/** A word or a run of digits as a number below 100, or null. */
function belowHundred(words: string[]): number | null {
  if (words.length === 1 && /^\d{1,2}$/.test(words[0]!)) return Number(words[0]);
  if (words.length === 1 && UNITS[words[0]!] !== undefined) return UNITS[words[0]!]!;
  if (words.length === 1 && TENS[words[0]!] !== undefined) return TENS[words[0]!]!;
  if (words.length === 2 && TENS[words[0]!] !== undefined && UNITS[words[1]!] !== undefined && UNITS[words[1]!]! > 0 && UNITS[words[1]!]! < 10) {
    return TENS[words[0]!]! + UNITS[words[1]!]!;
  }
  return null;
}

/** Below a thousand: "[n hundred] [and] [below a hundred]". */
function belowThousand(words: string[]): number | null {
  const hundred = words.indexOf('hundred');
  if (hundred < 0) return belowHundred(words);
  const head = words.slice(0, hundred);
  const count = head.length === 1 && head[0] === 'a' ? 1 : belowHundred(head);
  if (count === null || count < 1 || count > 9) return null;
  let rest = words.slice(hundred + 1);
  if (rest[0] === 'and') rest = rest.slice(1);
  if (rest.length === 0) return count * 100;
  const tail = belowHundred(rest);
  return tail === null || tail === 0 ? null : count * 100 + tail;
}

/**
 * A whole number written in words (British usage: "and" after hundred), 0 to 999,999, or null
 * when the text is not one. "twenty-one", "Twenty One", "a hundred", "three thousand and five".
 */
export function numberFromWords(text: string): number | null {
  const words = text.toLowerCase().replace(/-/g, ' ').replace(/,/g, ' ').trim().split(/\s+/);
  if (words.length === 0 || words.some((word) => !/^[a-z]+$/.test(word))) return null;
  const thousand = words.indexOf('thousand');
  if (thousand < 0) return belowThousand(words);
  const head = words.slice(0, thousand);
  const count = head.length === 1 && head[0] === 'a' ? 1 : belowThousand(head);
  if (count === null || count < 1) return null;
  let rest = words.slice(thousand + 1);
  if (rest[0] === 'and') rest = rest.slice(1);
  if (rest.length === 0) return count * 1000;
  const tail = belowThousand(rest);
  return tail === null || tail === 0 ? null : count * 1000 + tail;
}

/** An hour 1-12 in digits or words. */
function hourOf(word: string): number | null {
  const value = /^\d{1,2}$/.test(word) ? Number(word) : (UNITS[word] ?? null);
  return value !== null && value >= 1 && value <= 12 ? value : null;
}

/**
 * A clock time in words as minutes after 12:00 (0-719; the time of day is ambiguous, as on an
 * analogue clock), or null: "5 o'clock", "half past three", "quarter past 4", "quarter to 5",
 * "ten past 6", "25 to 9", "twenty-five past eleven".
 */
export function clockTimeFromWords(text: string): number | null {
  const s = text.toLowerCase().replace(/[’`]/g, "'").replace(/-/g, ' ').replace(/\s+/g, ' ').trim();
  const oclock = /^(\w+) ?o'? ?clock$/.exec(s);
  if (oclock) {
    const hour = hourOf(oclock[1]!);
    return hour === null ? null : (hour % 12) * 60;
  }
  const relative = /^(.+?) (past|to) (\w+)$/.exec(s);
  if (!relative) return null;
  const hour = hourOf(relative[3]!);
  if (hour === null) return null;
  const amount = relative[1]!.replace(/^a /, '').replace(/ minutes?$/, '');
  const minutes = amount === 'quarter' ? 15 : amount === 'half' ? 30 : numberFromWords(amount) ?? (/^\d{1,2}$/.test(amount) ? Number(amount) : null);
  if (minutes === null || minutes < 1 || minutes > 30 || (relative[2] === 'to' && minutes === 30)) return null;
  const at = relative[2] === 'past' ? (hour % 12) * 60 + minutes : (hour % 12) * 60 - minutes;
  return (at + 720) % 720;
}

const LOOKALIKES: Record<string, string> = { l: '1', I: '1', '|': '1', O: '0', o: '0' };

/**
 * The number a child probably meant when letters that look like digits got into it ("2l" → "21",
 * "1O0" → "100", "l2" → "12"), or null when the text is not digits with such letters.
 */
export function digitLookalike(text: string): { meant: string; letter: string } | null {
  const s = text.trim();
  if (!/\d/.test(s) || !/^[+-]?[\d.,lIO|o]+$/.test(s) || !/[lIO|o]/.test(s)) return null;
  const letter = /[lIO|o]/.exec(s)![0];
  return { meant: s.replace(/[lIO|o]/g, (c) => LOOKALIKES[c]!), letter };
}
