import type { ErrorCode } from '../../common/error-codes.ts';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'You must be logged in.');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'You do not have permission to do this.');
export const notFound = (code: ErrorCode = 'NOT_FOUND', message = 'Not found.') => new AppError(404, code, message);
