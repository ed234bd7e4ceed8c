/**
 * What the request log says of each request, without the secrets some addresses carry: a personal
 * calendar feed's token (a long-lived secret in its path, read by calendar apps that send no cookie)
 * and the one-time `token` of e-mail confirmation and password-reset links. Whoever reads the logs
 * must not be able to read someone's RSVPs or take over an account with them.
 */

// The calendar feed's path, and better-auth's reset link (/api/auth/reset-password/<token>), also
// as the router reads them (`/%61pi/…` is `/api/…`): the path is decoded before it is tested.
const SECRET_PATH = /^(\/api\/(?:calendar|auth\/reset-password)\/)[^/?#]+/i;
const SECRET_QUERY = /([?&]token=)[^&#]*/gi;

export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  const [path, rest] = query === -1 ? [url, ''] : [url.slice(0, query), url.slice(query)];
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: the router refuses it too, and the raw path is tested as it is.
  }
  const cleanPath = SECRET_PATH.test(decoded) ? decoded.replace(SECRET_PATH, '$1[secret]') : path;
  return `${cleanPath}${rest}`.replace(SECRET_QUERY, '$1[secret]');
}

type LoggedRequest = { method?: string; url?: string; host?: string; ip?: string };

/** pino serializers for Fastify's logger: the request as Fastify logs it, its address redacted. */
export const logSerializers = {
  req: (request: LoggedRequest) => ({ method: request.method, url: redactUrl(request.url ?? ''), host: request.host, remoteAddress: request.ip }),
};
