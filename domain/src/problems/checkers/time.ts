/** `time`: a clock time as `4:15`, `04:15`, `4.15`, `16:15`, `4:15 pm` or in words; 12-hour answers compare modulo 12 hours. */
import { normaliseSpace } from '../math/normalise.ts';
import { clockTimeFromWords } from '../typed-words.ts';
import { right, unread, wrong, type Checker } from './shared/verdict.ts';

/** Minutes after midnight (or after 12, for a time in words: compared modulo 12 hours anyway). */
function readTime(text: string): number | null {
  const m = /^(\d{1,2})\s*[:.hH]\s*(\d{2})\s*(a\.?m\.?|p\.?m\.?)?$/i.exec(normaliseSpace(text));
  if (!m) return clockTimeFromWords(text);
  let hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (minutes > 59 || hours > 23) return null;
  const suffix = m[3]?.toLowerCase().replace(/\./g, '');
  if (suffix) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (suffix === 'pm' ? 12 : 0);
  }
  return hours * 60 + minutes;
}

export const checkTime: Checker = (correct, given) => {
  const expected = readTime(correct);
  if (expected === null) return null;
  const read = readTime(given);
  if (read === null) return unread('Write the time like 4:15.');
  return read % 720 === expected % 720 ? right : wrong;
};
