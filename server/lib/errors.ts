import { ERROR_MESSAGES, type ErrorCode } from '../../common/error-codes.ts';

export class AppError extends Error {
  /** The fields of the input it refuses, each with its code, when it names them. */
  fields?: Record<string, string>;
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The HTTP status of each code that is not a plain 400 (the request cannot be done as sent). */
const STATUS: Partial<Record<ErrorCode, number>> = {
  UNAUTHORIZED: 401,
  CONFIRM_PASSWORD_MISMATCH: 401,
  FORBIDDEN: 403,
  BAD_ORIGIN: 403,
  BLOCKED: 403,
  NOT_FOUND: 404,
  DISCIPLINE_NOT_FOUND: 404,
  CATEGORY_NOT_FOUND: 404,
  TEAM_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  INVITATION_NOT_FOUND: 404,
  NOT_A_MEMBER: 404,
  CONTENT_NOT_FOUND: 404,
  PLACE_NOT_FOUND: 404,
  CONFLICT: 409,
  APPROVAL_STALE: 409,
  USER_ALREADY_EXISTS: 409,
  ALREADY_FOLLOWING: 409,
  ALREADY_MEMBER: 409,
  REQUEST_PENDING: 409,
  INVITATION_PENDING: 409,
  LEADER_MUST_TRANSFER: 409,
  EVENT_ENDED: 409,
  LAST_ADMIN: 409,
  DISCIPLINE_EXISTS: 409,
  CATEGORY_EXISTS: 409,
  DISCIPLINE_IN_USE: 409,
  ADMIN_EMAIL_TAKEN: 409,
  PHOTOS_TOO_MANY: 409,
  CLOSURES_TOO_MANY: 409,
  PUSH_SERVICE_NOT_ALLOWED: 400,
  PAYLOAD_TOO_LARGE: 413,
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export const statusOf = (code: ErrorCode): number => STATUS[code] ?? 400;

/**
 * What may differ from the code's own status and text: a status where one code means two things (a
 * discipline named in a body is a 400, one in the path a 404), a more precise English text for API
 * clients (the web app shows its own translation of the code), and headers (Retry-After).
 */
export type Refusal = { status?: number; message?: string; headers?: Record<string, string> };

/** The error of `code`: its status from STATUS and its text from ERROR_MESSAGES, unless `refusal` says otherwise. */
export function appError(code: ErrorCode, refusal: Refusal = {}): AppError {
  return new AppError(refusal.status ?? statusOf(code), code, refusal.message ?? ERROR_MESSAGES[code], refusal.headers);
}

/**
 * Refuses the request with `code` (as the Epic Stack's `invariantResponse`): routes map the outcomes
 * the data layer returns with it, and the one error handler answers `{ code, message }`.
 */
export function fail(code: ErrorCode, refusal?: Refusal): never {
  throw appError(code, refusal);
}

/** `value` when there is one; otherwise the request fails with `code` (404 for every *_NOT_FOUND code). */
export function assertFound<T>(value: T | null | undefined | false, code: ErrorCode = 'NOT_FOUND'): T {
  if (value === null || value === undefined || value === false) fail(code);
  return value;
}
