import { useState, type ChangeEvent } from 'react';

export interface PasswordInputProps {
  id: string;
  name: string;
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  autoComplete: 'current-password' | 'new-password';
  invalid?: boolean;
  describedBy?: string | undefined;
  /** Words after 'Show'/'Hide' in the toggle's name, e.g. 'password' or 'confirm password'. */
  toggleNoun?: string;
  required?: boolean;
}

/** A password input with a show/hide toggle (a pressed-state button naming what it will do). */
export function PasswordInput({ id, name, value, onChange, autoComplete, invalid = false, describedBy, toggleNoun = 'password', required = true }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input
        id={id}
        name={name}
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        required={required}
        spellCheck={false}
        autoCapitalize="none"
      />
      <button
        type="button"
        className="password-toggle"
        aria-pressed={visible}
        aria-label={`${visible ? 'Hide' : 'Show'} ${toggleNoun}`}
        aria-controls={id}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}
