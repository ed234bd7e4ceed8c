import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventAttendeesSchema, eventInputSchema, eventListQuerySchema, eventListSchema, eventSchema, eventUpdateSchema, placeEventsSchema } from '../../../common/events.ts';
import { contentRoutes, findVisible, idParams, requireEditor, viewerOf } from '../../lib/content-routes.ts';
import { deleteWithPhotos } from '../../lib/photos.ts';
import { blockedBetween } from '../../lib/blocks.ts';
import { isVisibleOnce, type Viewer } from '../../lib/content.ts';
import { requireUser } from '../../lib/session.ts';
import { createEvent, deleteEvent, deleteFollowing, eventWarnings, followingDates, getEvent, listEvents, listPlaceEvents, updateEvent } from './events.db.ts';
import { joinEvent, leaveEvent, listAttendees, type RsvpRefusal } from './events-people.db.ts';
import { fail } from '../../lib/errors.ts';

/** An RSVP the data layer refused, as its error (an event hidden from the viewer is not found). */
function refuseRsvp(refusal: RsvpRefusal | undefined): void {
  if (refusal === 'not-found') fail('CONTENT_NOT_FOUND');
  if (refusal === 'not-approved') fail('CONFLICT', { message: 'Only approved events take registrations.' });
  if (refusal === 'ended') fail('EVENT_ENDED');
}

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
    warnings: eventWarnings,
    editOptions: ['applyTo'],
  });

  // A date of a series and its later dates (a single event alone), with their photos, their people told.
  r.delete('/api/events/:id/following', { schema: { tags, params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    const { user } = await requireEditor(request, get, request.params.id);
    const dates = (await followingDates(app.db, request.params.id)).map((id) => ({ type: 'event' as const, id }));
    await deleteWithPhotos(app, dates, () => deleteFollowing(app.db, request.params.id, user));
    return reply.status(204).send(null);
  });

  r.put('/api/events/:id/rsvp', { schema: { tags, params: idParams, response: { 200: eventSchema } } }, async (request) => {
    const user = await requireUser(request);
    const event = await findVisible(get, request.params.id, user);
    // Checklist line 38: no RSVP to the event of someone on the other side of a block.
    if (event.author && (await blockedBetween(app.db, user.id, event.author.id))) fail('BLOCKED');
    refuseRsvp(await joinEvent(app.db, request.params.id, user));
    return findVisible(get, request.params.id, user);
  });

  r.delete('/api/events/:id/rsvp', { schema: { tags, params: idParams, response: { 200: eventSchema } } }, async (request) => {
    const user = await requireUser(request);
    await findVisible(get, request.params.id, user);
    refuseRsvp(await leaveEvent(app.db, request.params.id, user));
    return findVisible(get, request.params.id, user);
  });

  // The page asks for its item at the same time: these lists only check it may be seen, in one cheap query.
  const seen = (type: 'event' | 'place', request: FastifyRequest) => async (id: string, viewer: Viewer) => (await isVisibleOnce(request, type, id, viewer)) || undefined;

  // The place page's short list: a place hidden from the viewer is not found, as on its own page.
  r.get('/api/places/:id/events', { config: { cache: 'public' }, schema: { tags, params: idParams, response: { 200: placeEventsSchema } } }, async (request) => {
    const viewer = await viewerOf(request);
    await findVisible(seen('place', request), request.params.id, viewer);
    return { items: await listPlaceEvents(app.db, request.params.id, viewer) };
  });

  r.get('/api/events/:id/attendees', { config: { cache: 'public' }, schema: { tags, params: idParams, response: { 200: eventAttendeesSchema } } }, async (request) => {
    await findVisible(seen('event', request), request.params.id, await viewerOf(request));
    return listAttendees(app.db, request.params.id);
  });
}
