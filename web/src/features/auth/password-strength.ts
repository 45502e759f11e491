/** SPEC §5 password strength: five criteria, score capped at 4; Weak < 2, Fair < 3, Good < 4, Strong. */

export interface PasswordCriterion {
  id: 'length' | 'lowercase' | 'uppercase' | 'number' | 'special';
  /** Checklist text (SPEC §2 Register). */
  label: string;
  /** Suggestion shown while the criterion is unmet (SPEC §5). */
  suggestion: string;
  met: boolean;
}

export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

export interface PasswordStrength {
  /** 0..4 */
  score: number;
  label: StrengthLabel;
  /** Bars drawn out of 4: Weak 1, Fair 2, Good 3, Strong 4. */
  bars: 1 | 2 | 3 | 4;
  criteria: PasswordCriterion[];
  suggestions: string[];
}

const SPECIAL = /[^A-Za-z0-9]/;

export function passwordCriteria(password: string): PasswordCriterion[] {
  return [
    { id: 'length', label: 'At least 8 characters', suggestion: 'Use at least 8 characters', met: password.length >= 8 },
    { id: 'lowercase', label: 'One lowercase letter', suggestion: 'Add lowercase letters', met: /[a-z]/.test(password) },
    { id: 'uppercase', label: 'One uppercase letter', suggestion: 'Add uppercase letters', met: /[A-Z]/.test(password) },
    { id: 'number', label: 'One number', suggestion: 'Add numbers', met: /\d/.test(password) },
    { id: 'special', label: 'One special character', suggestion: 'Add special characters', met: SPECIAL.test(password) },
  ];
}

export function strengthLabel(score: number): StrengthLabel {
  if (score < 2) return 'Weak';
  if (score < 3) return 'Fair';
  if (score < 4) return 'Good';
  return 'Strong';
}

export function passwordStrength(password: string): PasswordStrength {
  const criteria = passwordCriteria(password);
  const score = Math.min(4, criteria.filter((criterion) => criterion.met).length);
  const label = strengthLabel(score);
  const bars = ({ Weak: 1, Fair: 2, Good: 3, Strong: 4 } as const)[label];
  return { score, label, bars, criteria, suggestions: criteria.filter((c) => !c.met).map((c) => c.suggestion) };
}
