import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { errorDescribedBy, FieldError } from '../../components/field-error.tsx';
import { PasswordChecklist } from './password-checklist.tsx';
import { PasswordInput, type PasswordInputProps } from './password-input.tsx';

interface FieldProps {
  id: string;
  label: ReactNode;
  error: string | undefined;
  /** Ids of hints that also describe the input. */
  hints?: string[];
  /** Shown after the error line (a checklist, a hint, a link). */
  children?: ReactNode;
}

const ariaFor = (id: string, error: string | undefined, hints: string[]) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': errorDescribedBy(id, error, ...hints),
});

/** A labelled input with its error line. */
export function TextField({ id, label, error, hints = [], children, ref, ...input }: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input ref={ref} id={id} {...input} {...ariaFor(id, error, hints)} />
      <FieldError id={id} error={error} />
      {children}
    </div>
  );
}

/** A labelled select with its error line; `options` are its option elements. */
export function SelectField({ id, label, error, hints = [], children, options, ...select }: FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> & { options: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select} {...ariaFor(id, error, hints)}>
        {options}
      </select>
      <FieldError id={id} error={error} />
      {children}
    </div>
  );
}

/** A labelled password input (with its show/hide toggle) and its error line. */
export function PasswordField({ label, error, hints = [], children, ...input }: FieldProps & Omit<PasswordInputProps, 'invalid' | 'describedBy'>) {
  return (
    <div className="field">
      <label htmlFor={input.id}>{label}</label>
      <PasswordInput {...input} invalid={Boolean(error)} describedBy={errorDescribedBy(input.id, error, ...hints)} />
      <FieldError id={input.id} error={error} />
      {children}
    </div>
  );
}

/** A new password's field with the rules checklist under it (`rulesId`), which also describes the input. */
export function NewPasswordField({ rulesId, ...field }: Omit<Parameters<typeof PasswordField>[0], 'autoComplete' | 'hints'> & { rulesId: string }) {
  return (
    <PasswordField {...field} autoComplete="new-password" hints={[rulesId]}>
      <PasswordChecklist password={field.value} id={rulesId} />
    </PasswordField>
  );
}

const GRADES = Array.from({ length: 12 }, (_, index) => index + 1);

/** Grades 1 to 12 as select options ("Grade 3"), after the caller's empty choice. */
export function GradeOptions() {
  return GRADES.map((grade) => (
    <option key={grade} value={String(grade)}>
      Grade {grade}
    </option>
  ));
}

/** Moves focus to the error summary after each failed submit (a count, so the same errors twice still move it). */
export function useErrorSummaryFocus() {
  const [failures, setFailures] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failures) summaryRef.current?.focus();
  }, [failures]);
  return { summaryRef, focusSummary: () => setFailures((count) => count + 1) };
}
