import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, isErrorCode, type ErrorCode } from '../../common/error-codes.ts';
import { isDatabaseUnavailable } from '../db/client.ts';
import { AppError } from './errors.ts';

/**
 * SQLSTATE class 22 (data exception: invalid text representation, NUL byte, numeric out of range,
 * invalid datetime…) and 54000 (a value too large for an index) come from what the client sent.
 */
function isBadInput(code: string | undefined): boolean {
  return code !== undefined && /^(22[0-9A-Z]{3}|54000)$/.test(code);
}

function body(code: ErrorCode, extra: Record<string, unknown> = {}) {
  return { code, message: ERROR_MESSAGES[code], ...extra };
}

/** What a failure answers: its status, headers and `{ code, message }` body. */
export type ErrorAnswer = { status: number; headers: Record<string, string>; body: { code: ErrorCode; message: string; fields?: Record<string, string> } };

/** The fields of a refused input, each with the code of its first problem; `path` is a field's dotted path. */
export function refusedFields(issues: readonly { path: string; message?: string }[]): ErrorAnswer {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path || 'body'] ??= issue.message !== undefined && isErrorCode(issue.message) ? issue.message : 'VALIDATION_ERROR';
  const first = Object.values(fields)[0];
  const code: ErrorCode = isErrorCode(first) ? first : 'VALIDATION_ERROR';
  return { status: 400, headers: {}, body: body(code, { fields }) };
}

/**
 * The answer to `error`, the same for a JSON route and for a page's read (server/lib/reads.ts):
 * every failure answers `{ code, message }`; 5xx details stay in the log.
 */
export function errorAnswer(error: FastifyError & { code?: string }, log: FastifyBaseLogger): ErrorAnswer {
  const answer = (status: number, code: ErrorCode, headers: Record<string, string> = {}): ErrorAnswer => ({ status, headers, body: body(code) });
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      headers: error.headers,
      body: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return refusedFields(error.validation.map((issue) => ({ path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'), message: issue.message })));
  }
  if (error.code === '23505') return answer(409, 'CONFLICT');
  if (isBadInput(error.code)) {
    // The database refused a value the schemas let through (a NUL byte, an out-of-range number…).
    log.warn({ err: error }, 'input refused by the database');
    return answer(400, 'VALIDATION_ERROR');
  }
  // Connection-level failures: the database is away (restart, network); the client may retry.
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error }, 'database unavailable');
    return answer(503, 'SERVICE_UNAVAILABLE', { 'retry-after': '5' });
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return answer(413, 'PAYLOAD_TOO_LARGE');
  if (status === 415) return answer(415, 'UNSUPPORTED_MEDIA_TYPE');
  if (status === 429) return answer(429, 'RATE_LIMITED');
  if (status >= 400 && status < 500)
    return answer(status, status === 404 ? 'NOT_FOUND' : status === 401 ? 'UNAUTHORIZED' : status === 403 ? 'FORBIDDEN' : 'VALIDATION_ERROR');
  log.error({ err: error }, 'request failed');
  return answer(500, 'INTERNAL_ERROR');
}

/** The one error handler. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    const { status, headers, body } = errorAnswer(error, request.log);
    return reply.status(status).headers(headers).send(body);
  });
}
