import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventAttendeesSchema, eventInputSchema, eventListQuerySchema, eventListSchema, eventSchema, eventUpdateSchema } from '../../../common/events.ts';
import { disciplineParams, findVisible, idParams, requireContributor, requireDiscipline, requireEditor, viewerOf } from '../../lib/content-routes.ts';
import type { Viewer } from '../../lib/content.ts';
import { requireUser } from '../../lib/session.ts';
import { createEvent, deleteEvent, getEvent, joinEvent, leaveEvent, listAttendees, listEvents, updateEvent } from './events.db.ts';

export async function eventsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['events'];
  const get = (id: string, viewer: Viewer) => getEvent(app.db, id, viewer);

  r.get(
    '/api/disciplines/:id/events',
    { schema: { tags, params: disciplineParams, querystring: eventListQuerySchema, response: { 200: eventListSchema } } },
    async (request, reply) => {
      await requireDiscipline(app, request.params.id);
      reply.header('cache-control', 'private, no-cache');
      return listEvents(app.db, request.params.id, request.query, await viewerOf(request));
    },
  );

  r.post(
    '/api/disciplines/:id/events',
    { schema: { tags, params: disciplineParams, body: eventInputSchema, response: { 201: eventSchema } } },
    async (request, reply) => {
      const user = await requireContributor(app, request, 'events', request.params.id);
      const id = await createEvent(app.db, request.params.id, request.body, user);
      return reply.status(201).send(await findVisible(get, id, user));
    },
  );

  r.get('/api/events/:id', { schema: { tags, params: idParams, response: { 200: eventSchema } } }, async (request, reply) => {
    const event = await findVisible(get, request.params.id, await viewerOf(request));
    reply.header('cache-control', 'private, no-cache');
    return event;
  });

  r.patch('/api/events/:id', { schema: { tags, params: idParams, body: eventUpdateSchema, response: { 200: eventSchema } } }, async (request) => {
    const { user } = await requireEditor(request, get, request.params.id);
    await updateEvent(app.db, request.params.id, request.body);
    return findVisible(get, request.params.id, user);
  });

  r.delete('/api/events/:id', { schema: { tags, params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    await requireEditor(request, get, request.params.id);
    await deleteEvent(app.db, request.params.id);
    return reply.status(204).send(null);
  });

  r.put('/api/events/:id/rsvp', { schema: { tags, params: idParams, response: { 200: eventSchema } } }, async (request) => {
    const user = await requireUser(request);
    await findVisible(get, request.params.id, user);
    await joinEvent(app.db, request.params.id, user);
    return findVisible(get, request.params.id, user);
  });

  r.delete('/api/events/:id/rsvp', { schema: { tags, params: idParams, response: { 200: eventSchema } } }, async (request) => {
    const user = await requireUser(request);
    await findVisible(get, request.params.id, user);
    await leaveEvent(app.db, request.params.id, user);
    return findVisible(get, request.params.id, user);
  });

  r.get('/api/events/:id/attendees', { schema: { tags, params: idParams, response: { 200: eventAttendeesSchema } } }, async (request, reply) => {
    await findVisible(get, request.params.id, await viewerOf(request));
    reply.header('cache-control', 'private, no-cache');
    return listAttendees(app.db, request.params.id);
  });
}
