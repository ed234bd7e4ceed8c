/**
 * What the request log says of each request, without the secrets some addresses carry: a personal
 * calendar feed's token (a long-lived secret in its path, read by calendar apps that send no cookie)
 * and the one-time `token` of e-mail confirmation and password-reset links. Whoever reads the logs
 * must not be able to read someone's RSVPs or take over an account with them.
 */

const SECRET_PATH = /^(\/api\/calendar\/)[^/?#]+/;
const SECRET_QUERY = /([?&]token=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[secret]').replace(SECRET_QUERY, '$1[secret]');
}

type LoggedRequest = { method?: string; url?: string; host?: string; ip?: string };

/** pino serializers for Fastify's logger: the request as Fastify logs it, its address redacted. */
export const logSerializers = {
  req: (request: LoggedRequest) => ({ method: request.method, url: redactUrl(request.url ?? ''), host: request.host, remoteAddress: request.ip }),
};
