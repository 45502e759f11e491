import { hasDigit, hasLowercase, hasSpecial, hasUppercase, PASSWORD_MIN_LENGTH } from './validation.ts';

type PasswordStrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

export interface PasswordStrength {
  /** Criteria met, capped at 4 (SPEC §5). */
  score: 0 | 1 | 2 | 3 | 4;
  /** Weak below 2, Fair below 3, Good below 4, otherwise Strong. */
  label: PasswordStrengthLabel;
  /** Bars to draw out of four: 1 (Weak), 2 (Fair), 3 (Good), 4 (Strong). */
  bars: 1 | 2 | 3 | 4;
  /** The register form's checklist. */
  checks: { length: boolean; lowercase: boolean; uppercase: boolean; number: boolean; special: boolean };
  /** One suggestion per unmet criterion, in checklist order. */
  suggestions: string[];
}

const PASSWORD_SUGGESTIONS = {
  length: 'Use at least 8 characters',
  lowercase: 'Add lowercase letters',
  uppercase: 'Add uppercase letters',
  number: 'Add numbers',
  special: 'Add special characters',
} as const;

function strengthLabel(score: number): PasswordStrengthLabel {
  if (score < 2) return 'Weak';
  if (score < 3) return 'Fair';
  if (score < 4) return 'Good';
  return 'Strong';
}

/** SPEC §5 password strength: five criteria, score capped at 4, label and suggestions. */
export function passwordStrength(password: string): PasswordStrength {
  const checks = {
    length: password.length >= PASSWORD_MIN_LENGTH,
    lowercase: hasLowercase(password),
    uppercase: hasUppercase(password),
    number: hasDigit(password),
    special: hasSpecial(password),
  };
  const met = Object.values(checks).filter(Boolean).length;
  const score = Math.min(4, met) as PasswordStrength['score'];
  const label = strengthLabel(score);
  const bars = ({ Weak: 1, Fair: 2, Good: 3, Strong: 4 } as const)[label];
  const suggestions = (Object.keys(checks) as (keyof typeof checks)[])
    .filter((key) => !checks[key])
    .map((key) => PASSWORD_SUGGESTIONS[key]);
  return { score, label, bars, checks, suggestions };
}
