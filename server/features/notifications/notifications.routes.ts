import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  markAllNotificationsReadWithInput,
  markNotificationReadWithInput,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  unreadCountSchema,
} from '../../../common/notifications.ts';
import { fail } from '../../lib/errors.ts';
import { read } from '../../lib/reads.ts';
import { serveAction } from '../../lib/actions.ts';
import { requireUser } from '../../lib/session.ts';
import { getPreferences, listNotifications, markAllRead, markRead, setPreferences, unreadCount } from './notifications.db.ts';

const NOTIFICATION_ID = /^[1-9]\d{0,14}$/;

/** The signed-in user's own notifications and delivery settings; anyone else's answer 404. */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  read(app, '/api/notifications', { tags, cache: 'no-store', query: notificationListQuerySchema, response: notificationPageSchema }, async (ctx, { query }) => {
    const user = await ctx.requireUser();
    return listNotifications(ctx.db, user.id, query);
  });

  read(app, '/api/notifications/unread-count', { tags, cache: 'no-store', response: unreadCountSchema }, async (ctx) => {
    const user = await ctx.requireUser();
    return { count: await unreadCount(ctx.db, user.id) };
  });

  serveAction(app, markAllNotificationsReadWithInput, { tags, status: 204, response: z.null() }, async (ctx) => {
    const user = await ctx.requireUser();
    await markAllRead(ctx.db, user.id);
    return null;
  });

  serveAction(app, markNotificationReadWithInput, { tags, status: 204, response: z.null() }, async (ctx, { id }) => {
    const user = await ctx.requireUser();
    if (!NOTIFICATION_ID.test(id) || !(await markRead(ctx.db, user.id, Number(id)))) fail('NOT_FOUND');
    return null;
  });

  read(app, '/api/notifications/preferences', { tags, cache: 'no-store', response: notificationPreferencesSchema }, async (ctx) => {
    const user = await ctx.requireUser();
    return getPreferences(ctx.db, user.id);
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
