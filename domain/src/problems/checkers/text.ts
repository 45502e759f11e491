/** `text`: trimmed, case-insensitive, spaces collapsed, a trailing full stop ignored; `accept` lists other spellings. */
import { normaliseSpace } from '../math/normalise.ts';
import { right, wrong, type Checker } from './shared/verdict.ts';

const normaliseText = (s: string): string =>
  normaliseSpace(s)
    .toLowerCase()
    .replace(/[.!]+$/, '')
    .trim();

export const checkText: Checker = (correct, given, form) => {
  const g = normaliseText(given);
  return [correct, ...(form.accept ?? [])].some((c) => normaliseText(c) === g) ? right : wrong;
};
