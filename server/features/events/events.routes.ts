import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelRsvpWithInput,
  eventAttendeesSchema,
  rsvpWithInput,
  eventInputSchema,
  eventListQuerySchema,
  eventListSchema,
  eventSchema,
  eventUpdateSchema,
  placeEventsSchema,
} from '../../../common/events.ts';
import { contentRoutes, findVisible, idParams, requireEditor } from '../../lib/content-routes.ts';
import { deleteWithPhotos } from '../../lib/photos.ts';
import { blockedBetween } from '../../lib/blocks.ts';
import { isVisibleOnce, type Viewer } from '../../lib/content.ts';
import { requireUser } from '../../lib/session.ts';
import type { Ctx } from '../../lib/context.ts';
import { read } from '../../lib/reads.ts';
import { serveAction } from '../../lib/actions.ts';
import { createEvent, deleteEvent, deleteFollowing, eventWarnings, followingDates, getEvent, listEvents, listPlaceEvents, updateEvent } from './events.db.ts';
import { joinEvent, leaveEvent, listAttendees, type RsvpRefusal } from './events-people.db.ts';
import { fail } from '../../lib/errors.ts';

/** A date of a series and its later dates (a single event alone), with their photos, their people told. */
async function removeFollowing(app: FastifyInstance, id: string, editor: NonNullable<Viewer>): Promise<void> {
  const dates = (await followingDates(app.db, id)).map((date) => ({ type: 'event' as const, id: date }));
  await deleteWithPhotos(app, dates, () => deleteFollowing(app.db, id, editor));
}

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
    removeFollowing,
  });

  // A date of a series and its later dates (a single event alone): the app's own route; the item
  // page's delete form asks it with `applyTo` (contentRoutes' delete).
  r.delete('/api/events/:id/following', { schema: { tags, params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    const { user } = await requireEditor(request, get, request.params.id);
    await removeFollowing(app, request.params.id, user);
    return reply.status(204).send(null);
  });

  serveAction(app, rsvpWithInput, { tags, response: eventSchema }, async (ctx, { id }) => {
    const user = await ctx.requireUser();
    const event = await findVisible(get, id, user);
    // Checklist line 38: no RSVP to the event of someone on the other side of a block.
    if (event.author && (await blockedBetween(ctx.db, user.id, event.author.id))) fail('BLOCKED');
    refuseRsvp(await joinEvent(ctx.db, id, user));
    return findVisible(get, id, user);
  });

  serveAction(app, cancelRsvpWithInput, { tags, response: eventSchema }, async (ctx, { id }) => {
    const user = await ctx.requireUser();
    await findVisible(get, id, user);
    refuseRsvp(await leaveEvent(ctx.db, id, user));
    return findVisible(get, id, user);
  });

  // The page asks for its item at the same time: these lists only check it may be seen, in one cheap query.
  const seen = (type: 'event' | 'place', ctx: Ctx) => async (id: string, viewer: Viewer) => (await isVisibleOnce(ctx, type, id, viewer)) || undefined;

  // The place page's short list: a place hidden from the viewer is not found, as on its own page.
  read(app, '/api/places/:id/events', { tags, cache: 'public', params: idParams, response: placeEventsSchema }, async (ctx, { params }) => {
    const viewer = await ctx.viewer();
    await findVisible(seen('place', ctx), params.id, viewer);
    return { items: await listPlaceEvents(ctx.db, params.id, viewer) };
  });

  read(app, '/api/events/:id/attendees', { tags, cache: 'public', params: idParams, response: eventAttendeesSchema }, async (ctx, { params }) => {
    await findVisible(seen('event', ctx), params.id, await ctx.viewer());
    return listAttendees(ctx.db, params.id);
  });
}
