import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/**
 * The headers helmet sets for `options`, worked out once at start-up and set on every answer that
 * leaves the server (pages, API answers, static files, errors).
 * @fastify/helmet built helmet's middleware anew for each request, its Content-Security-Policy parsed
 * and checked again every time: a sixth of the CPU of a trivial API answer. Our options hold no per-request value (no nonce, no
 * function), so the headers are the same for every request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}

/** The CSP source of a Leaflet tile template: its {s} subdomain becomes a wildcard (an http: host needs naming). */
const tileOrigin = (template: string) => /^https?:\/\/[^/]+/.exec(template)![0].replace('{s}', '*');

/** Helmet's options for this site: what its pages load, from where, and HSTS over https. */
export function securityHeaderOptions(config: Pick<Config, 'publicUrl' | 'mapTileUrl' | 'reverseGeocodeUrl'>): HelmetOptions {
  const https = config.publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', tileOrigin(config.mapTileUrl)],
        fontSrc: ["'self'", 'data:'],
        // The service worker fetches the map tiles it keeps for offline use (web/sw/service-worker.ts).
        connectSrc: ["'self'", new URL(config.reverseGeocodeUrl).origin, tileOrigin(config.mapTileUrl)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // No referrer leaves for other sites; but under 'no-referrer' a browser posts this site's own HTML
    // forms with `Origin: null`, which the origin guard must refuse (server/lib/origin-guard.ts).
    referrerPolicy: { policy: 'same-origin' },
  };
}

/** What helmet's middleware would set on an answer (it only sets and removes headers). */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
