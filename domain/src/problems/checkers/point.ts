/** `point`: coordinates or simultaneous solutions, `(3, -2)`, `3, -2`, `[3, -2]` or `x = 4, y = 3` in either order. */
import type { AnswerForm } from '../problem.ts';
import { cached } from '../math/cache.ts';
import { normaliseSpace } from '../math/normalise.ts';
import { unreadable } from '../math/parse.ts';
import { readValue, sameValue, splitList, type Value } from './shared/typed-value.ts';
import { VARIABLE_PREFIX } from './shared/typed-number.ts';
import { right, unread, wrong, type Checker } from './shared/verdict.ts';

function readPoint(text: string, form: AnswerForm, shown: string): { ok: true; values: Value[] } | { ok: false; message: string } {
  const count = form.variables?.length ?? 2;
  let s = normaliseSpace(text);
  const wrapped = /^[([]\s*(.*?)\s*[)\]]$/.exec(s);
  if (wrapped) s = wrapped[1] as string;
  const items = splitList(s);
  if (items.length !== count) return { ok: false, message: `Give ${count === 2 ? 'both coordinates' : `all ${count} values`}, for example (3, -2).` };
  const values: (Value | undefined)[] = new Array(count).fill(undefined);
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as string;
    const m = VARIABLE_PREFIX.exec(item);
    let index = i;
    let body = item;
    if (m) {
      const at = form.variables?.indexOf(m[1] as string) ?? -1;
      if (at < 0) return { ok: false, message: form.variables ? `Use ${form.variables.join(' and ')} in your answer.` : unreadable(shown) };
      index = at;
      body = m[2] as string;
    }
    const read = readValue(body, shown);
    if (!read.ok) return read;
    if (read.values.length !== 1 || values[index] !== undefined) return { ok: false, message: unreadable(shown) };
    values[index] = read.values[0];
  }
  return { ok: true, values: values as Value[] };
}

const correctPoints = new Map<string, ReturnType<typeof readPoint>>();

export const checkPoint: Checker = (correct, given, form) => {
  const expected = cached(correctPoints, `${form.variables?.join('') ?? ''}|${correct}`, () => readPoint(correct, form, correct));
  if (!expected.ok) return null;
  const read = readPoint(given, form, given);
  if (!read.ok) return unread(read.message);
  return expected.values.every((e, i) => read.values[i] !== undefined && sameValue(e, read.values[i] as Value, { ...form, exact: form.exact ?? false }))
    ? right
    : wrong;
};
