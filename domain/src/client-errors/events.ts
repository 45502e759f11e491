import { z } from 'zod';

/**
 * A crash seen by the web app's error boundary (DESIGN §7: 'the issue has been reported' is
 * true). Stream `client-error-{reportId}`. Who was signed in is the event's metadata.actorId.
 */
export const CLIENT_ERROR_LIMITS = { message: 1000, stack: 8000, url: 2000, userAgent: 500 } as const;

export const clientErrorReportedSchema = z.object({
  reportId: z.string().uuid(),
  message: z.string().min(1).max(CLIENT_ERROR_LIMITS.message),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).nullable(),
  /** The page's address without its query string or fragment (they can hold tokens). */
  url: z.string().max(CLIENT_ERROR_LIMITS.url),
  userAgent: z.string().max(CLIENT_ERROR_LIMITS.userAgent),
  /** When the browser says it happened; the server's time is metadata.at. */
  occurredAt: z.string().datetime({ offset: true }),
});

export const clientErrorEventSchemas = {
  ClientErrorReported: clientErrorReportedSchema,
};

export type ClientErrorReported = { type: 'ClientErrorReported'; data: z.infer<typeof clientErrorReportedSchema> };

/** Drops the query string and fragment of an address (reset and verification links carry tokens there). */
export function withoutQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}
