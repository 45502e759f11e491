import { z } from 'zod';

/**
 * A crash seen by the web app's error boundary (DESIGN §7: 'the issue has been reported' is
 * true). Stream `client-error-{reportId}`. Who was signed in is the event's metadata.actorId.
 */
export const CLIENT_ERROR_LIMITS = { message: 1000, stack: 8000, url: 2000, userAgent: 500 } as const;

const clientErrorReportedSchema = z.object({
  reportId: z.string().uuid(),
  message: z.string().min(1).max(CLIENT_ERROR_LIMITS.message),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).nullable(),
  /** The page's address without its query string, fragment or `;` parameters, which can hold tokens (`reportedUrl`). */
  url: z.string().max(CLIENT_ERROR_LIMITS.url),
  userAgent: z.string().max(CLIENT_ERROR_LIMITS.userAgent),
  /** When the browser says it happened; the server's time is metadata.at. */
  occurredAt: z.string().datetime({ offset: true }),
});

export const clientErrorEventSchemas = {
  ClientErrorReported: clientErrorReportedSchema,
};

const REDACTED_TEXT = '[redacted]';
const UUID_ONLY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The text of a crash report with whatever looks like a credential replaced by '[redacted]', so
 * that an access token caught in a message, a reset link in a stack or a `;token=` in an address
 * is never stored (and so never shown to admins or exported):
 * - JSON Web Tokens (`eyJ….….…`) and `Bearer …` values;
 * - our refresh and e-mail link tokens (`{uuid}.{base64url}`);
 * - the value of any `token`, `password`, `secret`, `key`, `code`, `sig`… parameter or field;
 * - any other run of 32 or more letters, digits, `-` and `_` that mixes letters and digits
 *   (a random token), but not a UUID, which names a record and helps find the fault.
 */
export function withoutSecrets(text: string): string {
  return text
    .replace(
      /\b((?:access|refresh|id|reset|verify|auth)?[_-]?(?:token|password|passwd|pwd|secret|api[_-]?key|key|code|sig|signature|session|credentials?))(["']?\s*[:=]\s*["']?)([^\s&;#"',)}\]]+)/gi,
      (_match, name: string, separator: string) => `${name}${separator}${REDACTED_TEXT}`,
    )
    .replace(/\beyJ[\w-]*\.[\w-]+\.[\w-]*/g, REDACTED_TEXT)
    .replace(/\b(Bearer)\s+[\w.~+/-]+=*/gi, `$1 ${REDACTED_TEXT}`)
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[\w-]{16,}/gi, REDACTED_TEXT)
    .replace(/[\w-]{32,}/g, (run) => (/\d/.test(run) && /[A-Za-z]/.test(run) && !UUID_ONLY.test(run) ? REDACTED_TEXT : run));
}

/**
 * A page address as a crash report keeps it: without its query string, fragment or `;`
 * parameters (reset and verification links carry tokens there), and without secrets in its path.
 */
export function reportedUrl(url: string): string {
  const cut = url.search(/[?#;]/);
  return withoutSecrets(cut === -1 ? url : url.slice(0, cut));
}

/** A report as it is stored: message, stack and address without secrets. */
export function withoutReportSecrets<Report extends { message: string; stack: string | null; url: string }>(report: Report): Report {
  return { ...report, message: withoutSecrets(report.message), stack: report.stack === null ? null : withoutSecrets(report.stack), url: reportedUrl(report.url) };
}
