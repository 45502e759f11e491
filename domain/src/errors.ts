/**
 * Why a command or query was refused. The APIs map each code to one HTTP status
 * (`statusFor` in api-kit/src/errors.ts); the message is shown to people as it is.
 */
export type DomainErrorCode =
  | 'VALIDATION_FAILED' // 400
  | 'UNAUTHORIZED' // 401
  | 'FORBIDDEN' // 403
  | 'NOT_FOUND' // 404
  | 'CONFLICT' // 409
  | 'GONE' // 410: an expired or used token
  | 'PAYLOAD_TOO_LARGE' // 413
  | 'UNSUPPORTED_MEDIA_TYPE' // 415
  | 'UNREADABLE_ANSWER' // 422: an answer that cannot be read in the problem's answer form (a retry)
  | 'RATE_LIMITED'; // 429

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}
