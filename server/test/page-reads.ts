import type { FastifyInstance } from 'fastify';
import type { DirectAnswer } from '../../web/lib/api.ts';

/**
 * A page's reads for a test that calls the renderer itself (web/entry-server.tsx `renderPage`): each
 * address asked through the app's JSON route, as `cookie`'s person, its answer handed over as data.
 */
export const readsFor =
  (app: FastifyInstance, cookie?: string, asked?: string[]) =>
  async (url: string): Promise<DirectAnswer> => {
    asked?.push(url);
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) } });
    const body = res.body ? (JSON.parse(res.body) as unknown) : undefined;
    if (res.statusCode >= 200 && res.statusCode < 300) return { ok: true, data: body };
    return { ok: false, status: res.statusCode, headers: {}, body: (body ?? {}) as { code?: string; message?: string } };
  };
