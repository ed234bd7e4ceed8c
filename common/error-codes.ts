/** Codes the API answers in `{ code, message }`; the web app translates each one (errors.<code>). */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'BAD_ORIGIN',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  'EMAIL_NOT_VERIFIED',
  'INVALID_CREDENTIALS',
  'USER_ALREADY_EXISTS',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'PASSWORDS_DONT_MATCH',
  'INVALID_EMAIL',
  'INVALID_TOKEN',
  'REQUIRED',
  'TOO_LONG',
  'ALREADY_FOLLOWING',
  'DISCIPLINE_NOT_FOUND',
  'CATEGORY_NOT_FOUND',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type ApiError = { code: ErrorCode | string; message: string };

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** English texts of the codes, for API clients; the web app shows its own translations. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_ERROR: 'Some fields are not valid.',
  UNAUTHORIZED: 'You must be logged in.',
  FORBIDDEN: 'You do not have permission to do this.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'This already exists.',
  RATE_LIMITED: 'Too many attempts. Please wait and try again.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type.',
  BAD_ORIGIN: 'Request refused: it did not come from this site.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
  INTERNAL_ERROR: 'Something went wrong',
  EMAIL_NOT_VERIFIED: 'Please confirm your email address first. Check your inbox for the link.',
  INVALID_CREDENTIALS: 'Invalid email or password.',
  USER_ALREADY_EXISTS: 'An account with this email already exists.',
  PASSWORD_TOO_SHORT: 'Password must be at least 6 characters.',
  PASSWORD_TOO_LONG: 'Password must be at most 128 characters.',
  PASSWORDS_DONT_MATCH: "Passwords don't match.",
  INVALID_EMAIL: 'Please enter a valid email address.',
  INVALID_TOKEN: 'This link is invalid or has expired.',
  REQUIRED: 'This field is required.',
  TOO_LONG: 'This value is too long.',
  ALREADY_FOLLOWING: 'You already follow this discipline.',
  DISCIPLINE_NOT_FOUND: 'Discipline Not Found',
  CATEGORY_NOT_FOUND: 'Category Not Found',
};
