import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../lib/session.ts';
import { LiveHub } from './live-hub.ts';

const liveQuery = z.object({ lastEventId: z.string().max(20).optional() });

/** A notification id to resume after, or undefined when the client has none (or sent nonsense). */
function resumeId(header: string | string[] | undefined, query: string | undefined): number | undefined {
  const raw = (Array.isArray(header) ? header[0] : header) ?? query;
  if (raw === undefined || !/^\d{1,15}$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const hub = new LiveHub(app.db, app.log, app.config.liveSessionCheckMs);
  await hub.start(app.database);
  // Open streams would keep the server from closing: they end before it waits for connections.
  app.addHook('preClose', async () => hub.endAll());
  // Registered after the database's own onClose, so it runs before it.
  app.addHook('onClose', async () => hub.stop());

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/live',
    {
      config: { cache: 'stream' },
      schema: { querystring: liveQuery, description: 'Server-Sent Events of the signed-in user: notification, message, unread.' },
    },
    async (request, reply) => {
      const { user, sessionId } = await requireSession(request);
      // EventSource sends Last-Event-ID itself when it reconnects; the query serves its first connection.
      const lastEventId = resumeId(request.headers['last-event-id'], request.query.lastEventId);
      reply.hijack();
      // A hijacked reply sends none of Fastify's headers: the security headers set in onRequest
      // (server/lib/security-headers.ts) are written here with the stream's own; it skips onSend hooks.
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      reply.raw.write('retry: 3000\n\n');
      hub.open({ userId: user.id, sessionId, role: user.role }, reply.raw, lastEventId);
    },
  );
}
