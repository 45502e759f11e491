/** Names a field's error line (when it has one) and any hint ids, for `aria-describedby`. */
export function errorDescribedBy(id: string, error: string | null | undefined, ...hints: string[]): string | undefined {
  return [error ? `${id}-error` : '', ...hints].filter(Boolean).join(' ') || undefined;
}

/**
 * The error line under the input `id`; its id, `<id>-error`, is what the input's
 * `aria-describedby` names. `alert`: heard at once (a form with one field and no summary).
 */
export function FieldError({ id, error, alert = false }: { id: string; error: string | null | undefined; alert?: boolean }) {
  return error ? (
    <p className="field-error" id={`${id}-error`} role={alert ? 'alert' : undefined}>
      {error}
    </p>
  ) : null;
}
