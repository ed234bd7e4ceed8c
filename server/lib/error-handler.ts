import type { FastifyError, FastifyInstance } from 'fastify';
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

/** The one error handler: every failure answers `{ code, message }`; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).headers(error.headers).send({ code: error.code, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        fields[path] ??= isErrorCode(issue.message) ? issue.message : 'VALIDATION_ERROR';
      }
      const first = Object.values(fields)[0];
      const code: ErrorCode = isErrorCode(first) ? first : 'VALIDATION_ERROR';
      return reply.status(400).send(body(code, { fields }));
    }
    if (error.code === '23505') return reply.status(409).send(body('CONFLICT'));
    if (isBadInput(error.code)) {
      // The database refused a value the schemas let through (a NUL byte, an out-of-range number…).
      request.log.warn({ err: error }, 'input refused by the database');
      return reply.status(400).send(body('VALIDATION_ERROR'));
    }
    // Connection-level failures: the database is away (restart, network); the client may retry.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(body('SERVICE_UNAVAILABLE'));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(body('PAYLOAD_TOO_LARGE'));
    if (status === 415) return reply.status(415).send(body('UNSUPPORTED_MEDIA_TYPE'));
    if (status === 429) return reply.status(429).send(body('RATE_LIMITED'));
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(status === 404 ? 'NOT_FOUND' : status === 401 ? 'UNAUTHORIZED' : status === 403 ? 'FORBIDDEN' : 'VALIDATION_ERROR'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body('INTERNAL_ERROR'));
  });
}
