import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eventAttendeesSchema, eventInputSchema, eventListQuerySchema, eventListSchema, eventSchema, eventUpdateSchema } from '../../../common/events.ts';
import { contentRoutes, findVisible, idParams, viewerOf } from '../../lib/content-routes.ts';
import { blockedBetween, blockedError } from '../../lib/blocks.ts';
import { requireUser } from '../../lib/session.ts';
import { createEvent, deleteEvent, getEvent, joinEvent, leaveEvent, listAttendees, listEvents, updateEvent } from './events.db.ts';

export async function eventsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['events'];
  const get = contentRoutes(app, {
    section: 'events',
    schemas: { input: eventInputSchema, update: eventUpdateSchema, listQuery: eventListQuerySchema, item: eventSchema, list: eventListSchema },
    list: listEvents,
    get: getEvent,
    create: createEvent,
    update: updateEvent,
    remove: deleteEvent,
  });

  r.put('/api/events/:id/rsvp', { schema: { tags, params: idParams, response: { 200: eventSchema } } }, async (request) => {
    const user = await requireUser(request);
    const event = await findVisible(get, request.params.id, user);
    // Checklist line 38: no RSVP to the event of someone on the other side of a block.
    if (event.author && (await blockedBetween(app.db, user.id, event.author.id))) throw blockedError();
    await joinEvent(app.db, request.params.id, user);
    return findVisible(get, request.params.id, user);
  });

  r.delete('/api/events/:id/rsvp', { schema: { tags, params: idParams, response: { 200: eventSchema } } }, async (request) => {
    const user = await requireUser(request);
    await findVisible(get, request.params.id, user);
    await leaveEvent(app.db, request.params.id, user);
    return findVisible(get, request.params.id, user);
  });

  r.get('/api/events/:id/attendees', { config: { cache: 'public' }, schema: { tags, params: idParams, response: { 200: eventAttendeesSchema } } }, async (request) => {
    await findVisible(get, request.params.id, await viewerOf(request));
    return listAttendees(app.db, request.params.id);
  });
}
