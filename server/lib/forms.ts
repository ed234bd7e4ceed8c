import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_MESSAGES, isErrorCode, type ErrorCode } from '../../common/error-codes.ts';
import { AppError } from './errors.ts';

/**
 * The last plain forms that still reach their JSON route through the app (issue 38: not yet one
 * function of their feature): an item's edit and delete, whose section is a field of the form
 * (server/lib/content-forms.ts), and the photo upload, whose multipart body goes on as it came
 * (server/features/photos/photos.forms.ts). The request goes with the sender's cookies, origin and
 * address, so every rule of the route applies; a refusal is thrown as the route's error.
 */

/** The headers of the sender that the API judges a request by: who (cookies), from where (origin), in which language. */
function senderHeaders(request: FastifyRequest): Record<string, string> {
  const pass = ['cookie', 'origin', 'sec-fetch-site', 'user-agent', 'accept-language', 'x-forwarded-for', 'x-forwarded-proto', 'host'];
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of pass) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/** Sends `method url` for the sender of `request`; its answer's JSON, or its refusal thrown. */
export async function callRoute(
  request: FastifyRequest,
  _reply: FastifyReply,
  call: { method: 'POST' | 'PATCH' | 'DELETE'; url: string; body?: unknown; payload?: Buffer; contentType?: string },
): Promise<unknown> {
  const json = call.body !== undefined;
  const answer = await request.server.inject({
    method: call.method,
    url: call.url,
    headers: { ...senderHeaders(request), ...(json ? { 'content-type': 'application/json' } : call.contentType ? { 'content-type': call.contentType } : {}) },
    remoteAddress: request.ip,
    ...(json ? { payload: JSON.stringify(call.body) } : call.payload ? { payload: call.payload } : {}),
  });
  const parsed = safeJson(answer.body) as { code?: unknown; fields?: Record<string, string> } | null;
  if (answer.statusCode < 400) return parsed;
  const code: ErrorCode = isErrorCode(parsed?.code) ? parsed.code : 'VALIDATION_ERROR';
  const retryAfter = answer.headers['retry-after'];
  const error = new AppError(answer.statusCode, code, ERROR_MESSAGES[code], retryAfter ? { 'retry-after': String(retryAfter) } : {});
  if (parsed?.fields) error.fields = parsed.fields;
  throw error;
}

function safeJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
