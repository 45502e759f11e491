/**
 * Units written with a number (`12 cm`, `£4.50`, `28 sq cm`): any spelling of the problem's unit
 * is fine; another unit, or a unit on a plain number, is a retry (docs/answer-checking.md).
 */
import { normaliseSpace } from '../../math/normalise.ts';
import { digitLookalike } from '../../typed-words.ts';

const UNIT_ALIASES: Record<string, string[]> = {
  mm: ['mm', 'millimetre', 'millimetres', 'millimeter', 'millimeters'],
  cm: ['cm', 'centimetre', 'centimetres', 'centimeter', 'centimeters'],
  m: ['m', 'metre', 'metres', 'meter', 'meters'],
  km: ['km', 'kilometre', 'kilometres', 'kilometer', 'kilometers'],
  'mm²': ['mm²', 'mm^2', 'mm2', 'sq mm', 'square mm', 'square millimetres', 'square millimeters'],
  'cm²': ['cm²', 'cm^2', 'cm2', 'sq cm', 'square cm', 'square centimetres', 'square centimeters'],
  'm²': ['m²', 'm^2', 'm2', 'sq m', 'square m', 'square metres', 'square meters'],
  'cm³': ['cm³', 'cm^3', 'cm3', 'cubic cm', 'cubic centimetres', 'cubic centimeters', 'cc'],
  'm³': ['m³', 'm^3', 'm3', 'cubic m', 'cubic metres', 'cubic meters'],
  g: ['g', 'gram', 'grams', 'gm'],
  kg: ['kg', 'kilogram', 'kilograms', 'kilo', 'kilos'],
  ml: ['ml', 'millilitre', 'millilitres', 'milliliter', 'milliliters'],
  l: ['l', 'litre', 'litres', 'liter', 'liters'],
  '°': ['°', 'º', 'degrees', 'degree', 'deg'],
  '°C': ['°c', 'ºc', '° c', 'degrees c', 'degrees celsius', 'celsius', 'c'],
  '£': ['£', 'pounds', 'pound', 'gbp'],
  p: ['p', 'pence', 'penny'],
  seconds: ['seconds', 'second', 'secs', 'sec', 's'],
  minutes: ['minutes', 'minute', 'mins', 'min'],
  hours: ['hours', 'hour', 'hrs', 'hr', 'h'],
  days: ['days', 'day'],
  weeks: ['weeks', 'week'],
  years: ['years', 'year', 'yrs'],
  'km/h': ['km/h', 'kmh', 'kph', 'km per hour'],
  units: ['units', 'unit'],
  'units²': ['units²', 'units^2', 'square units', 'sq units'],
};
const ALIAS_TO_UNIT = new Map<string, string>();
for (const [unit, aliases] of Object.entries(UNIT_ALIASES)) for (const alias of aliases) ALIAS_TO_UNIT.set(alias.toLowerCase(), unit);
const KNOWN_ALIASES = [...ALIAS_TO_UNIT.keys()].sort((a, b) => b.length - a.length);

function canonicalUnit(unit: string): string {
  return ALIAS_TO_UNIT.get(unit.toLowerCase()) ?? unit.toLowerCase();
}

function aliasesFor(unit: string): string[] {
  const known = UNIT_ALIASES[canonicalUnit(unit)];
  if (known) return [];
  const lower = unit.toLowerCase();
  return [lower, `${lower}s`, lower.replace(/s$/, '')];
}

interface UnitSplit {
  body: string;
  unit: string | null;
}

const UNIT_AT_END = /(?:[a-zA-Z°º²³]|[a-zA-Z]\^?\d)$/;

/** Separates a written unit (prefix £ or a unit at the end) from the number. */
export function splitUnit(text: string, expected: string | undefined): UnitSplit {
  let s = normaliseSpace(text);
  let unit: string | null = null;
  const pound = /^([+-]?)\s*£\s*/.exec(s);
  if (pound) {
    s = (pound[1] ?? '') + s.slice(pound[0].length);
    unit = '£';
  }
  if (!UNIT_AT_END.test(s)) return { body: s, unit };
  const lower = s.toLowerCase();
  const candidates = expected ? [...aliasesFor(expected), ...KNOWN_ALIASES] : KNOWN_ALIASES;
  for (const alias of candidates) {
    if (alias === '' || !lower.endsWith(alias) || lower.length === alias.length) continue;
    const before = lower.charAt(lower.length - alias.length - 1);
    if (/[a-z]/.test(alias.charAt(0)) && /[a-z]/.test(before)) continue;
    const found = ALIAS_TO_UNIT.get(alias) ?? canonicalUnit(expected ?? alias);
    if (unit && unit !== found) return { body: s, unit: `${unit}+${found}` };
    return { body: s.slice(0, s.length - alias.length).trim(), unit: found };
  }
  return { body: s, unit };
}

/**
 * null when the unit is fine, else the reason. A unit the problem does not use is never marked
 * wrong (the student retries): the question names the unit to answer in, and what looks like a
 * unit is often a typo — '2l' for 21 days is a letter l inside the number (`typoMessage`).
 */
export function unitProblem(split: UnitSplit, expected: string | undefined, given: string): string | null {
  if (split.unit === null) return null;
  if (expected && canonicalUnit(expected) === split.unit) return null;
  const typo = typoMessage(given);
  if (typo) return typo;
  if (!expected) return `This answer is just a number, without a unit. Leave out '${split.unit}'.`;
  return `Check the units: give your answer in ${expected}.`;
}

/** For a number with a letter that looks like a digit in it ('2l', '1O'): what was probably meant. */
export function typoMessage(given: string): string | null {
  const typo = digitLookalike(given);
  return typo ? `Did you mean ${typo.meant}? '${typo.letter}' is a letter, not a digit: type the number with digits only.` : null;
}
