import { passwordStrength } from '@mathdaily/domain/accounts/password-strength';

const CHECKLIST = [
  { key: 'length', label: 'At least 8 characters' },
  { key: 'lowercase', label: 'One lowercase letter' },
  { key: 'uppercase', label: 'One uppercase letter' },
  { key: 'number', label: 'One number' },
  { key: 'special', label: 'One special character' },
] as const;

/** Live checklist of the five criteria and the four-bar strength meter (SPEC §2 Register, §5). */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const strength = passwordStrength(password);
  return (
    <div className="password-feedback" id={id}>
      {password && (
        <div className={`strength strength-${strength.label.toLowerCase()}`} data-testid="password-strength">
          <div className="strength-bars" aria-hidden="true">
            {[1, 2, 3, 4].map((bar) => (
              <span key={bar} className={bar <= strength.bars ? 'on' : undefined} />
            ))}
          </div>
          <p className="strength-text">
            Password strength: <strong>{strength.label}</strong>
            <span className="visually-hidden"> ({strength.bars} of 4 bars)</span>
          </p>
        </div>
      )}
      <ul className="password-checklist" aria-label="Password requirements">
        {CHECKLIST.map(({ key, label }) => {
          const met = strength.checks[key];
          return (
            <li key={key} className={met ? 'met' : undefined}>
              <span className="check" aria-hidden="true">
                {met ? '✓' : '○'}
              </span>
              {label}
              <span className="visually-hidden">{met ? ' (met)' : ' (not met yet)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
