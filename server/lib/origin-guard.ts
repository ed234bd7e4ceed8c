import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FORM_ACTION_PREFIX } from '../../common/forms.ts';
import { fail } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const WRITE_TYPES = ['application/json', 'multipart/form-data'];

export function sameSiteOrigins(request: FastifyRequest, allowed: string[]): string[] {
  const host = request.headers.host;
  return host ? [...allowed, `${request.protocol}://${host}`] : allowed;
}

/**
 * CSRF defence for cookie-authenticated writes: a write must come from our own origin and carry
 * a JSON or multipart body, which a cross-site form cannot send without a CORS preflight.
 * It guards every write whatever its path: the router decodes and matches paths (`/%61pi/…` is
 * `/api/…`), so a test of the raw URL string would let spellings of an API path through.
 * The HTML forms' routes (server/lib/actions.ts, and the photo upload's multipart one), which a cross-site
 * form could reach, take their body only with this site's Origin: a form sent from anywhere else, or by a client
 * that names no origin, is refused.
 */
export function registerOriginGuard(app: FastifyInstance, allowedOrigins: string[]): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !sameSiteOrigins(request, allowedOrigins).includes(origin)) fail('BAD_ORIGIN');
    if (request.headers['sec-fetch-site'] === 'cross-site') fail('BAD_ORIGIN');
    if (request.routeOptions.url?.startsWith(FORM_ACTION_PREFIX)) {
      if (origin === undefined) fail('BAD_ORIGIN');
      return;
    }
    const type = request.headers['content-type'];
    if (type !== undefined && !WRITE_TYPES.some((t) => type.toLowerCase().startsWith(t))) {
      fail('UNSUPPORTED_MEDIA_TYPE');
    }
  });
}
