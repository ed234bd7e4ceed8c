import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  unreadCountSchema,
} from '../../../common/notifications.ts';
import { fail } from '../../lib/errors.ts';
import { requireUser } from '../../lib/session.ts';
import { getPreferences, listNotifications, markAllRead, markRead, setPreferences, unreadCount } from './notifications.db.ts';

const idParams = z.object({ id: z.string().max(100) });
const NOTIFICATION_ID = /^[1-9]\d{0,14}$/;
const noContent = { 204: z.null() };

/** The signed-in user's own notifications and delivery settings; anyone else's answer 404. */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  r.get('/api/notifications', { config: { cache: 'no-store' }, schema: { tags, querystring: notificationListQuerySchema, response: { 200: notificationPageSchema } } }, async (request) => {
    const user = await requireUser(request);
    return listNotifications(app.db, user.id, request.query);
  });

  r.get('/api/notifications/unread-count', { config: { cache: 'no-store' }, schema: { tags, response: { 200: unreadCountSchema } } }, async (request) => {
    const user = await requireUser(request);
    return { count: await unreadCount(app.db, user.id) };
  });

  r.post('/api/notifications/read-all', { schema: { tags, response: noContent } }, async (request, reply) => {
    const user = await requireUser(request);
    await markAllRead(app.db, user.id);
    return reply.status(204).send(null);
  });

  r.post('/api/notifications/:id/read', { schema: { tags, params: idParams, response: noContent } }, async (request, reply) => {
    const user = await requireUser(request);
    if (!NOTIFICATION_ID.test(request.params.id) || !(await markRead(app.db, user.id, Number(request.params.id)))) fail('NOT_FOUND');
    return reply.status(204).send(null);
  });

  r.get('/api/notifications/preferences', { config: { cache: 'no-store' }, schema: { tags, response: { 200: notificationPreferencesSchema } } }, async (request) => {
    const user = await requireUser(request);
    return getPreferences(app.db, user.id);
  });

  r.put(
    '/api/notifications/preferences',
    { schema: { tags, body: notificationPreferencesUpdateSchema, response: { 200: notificationPreferencesSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return setPreferences(app.db, user.id, request.body);
    },
  );
}
