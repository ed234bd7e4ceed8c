import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedSchema, calendarFeedStatusSchema, createCalendarFeedWithInput, revokeCalendarFeedWithInput } from '../../../common/calendars.ts';
import { UUID_PATTERN } from '../../../common/content.ts';
import { isLanguageCode } from '../../../common/languages.ts';
import { disciplineParams, idParams, requireDiscipline, viewerOf } from '../../lib/content-routes.ts';
import { disciplineName } from '../../lib/content.ts';
import { assertFound } from '../../lib/errors.ts';
import { translate } from '../../lib/mail-texts.ts';
import { readerLanguage } from '../../lib/reader-language.ts';
import { read } from '../../lib/reads.ts';
import { serveAction } from '../../lib/actions.ts';
import {
  calendarEvent,
  createFeedToken,
  deleteFeedToken,
  disciplineCalendar,
  feedCreatedAt,
  feedOwner,
  personalCalendar,
  seriesCalendar,
} from './calendars.db.ts';
import { fileSlug, writeCalendar } from './calendars.ics.ts';

// New addresses per person: a few a day is plenty (each replaces the last); a loop stops with a 429.
const FEEDS_PER_HOUR = 10;

const tokenParams = z.object({ token: z.string().max(100) });

/** .ics files of events and the feeds calendar apps subscribe to (issue 21, item 5). */
export async function calendarsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['calendars'];
  const publicUrl = app.config.publicUrl;
  const host = new URL(publicUrl).host;
  const feedUrl = (token: string) => `${publicUrl}/api/calendar/${token}.ics`;

  const sendIcs = (reply: FastifyReply, body: string, filename?: string) => {
    reply.header('content-type', 'text/calendar; charset=utf-8');
    if (filename) reply.header('content-disposition', `attachment; filename="${filename}.ics"`);
    return reply.send(body);
  };

  // Public for an approved event read by a visitor; a signed-in author's own pending one is private (server/lib/http-cache.ts).
  r.get(
    '/api/events/:id/calendar.ics',
    { config: { cache: 'public' }, schema: { tags, params: idParams, produces: ['text/calendar'] } },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const id = request.params.id;
      const event = assertFound(UUID_PATTERN.test(id) ? await calendarEvent(app.db, id.toLowerCase(), viewer, publicUrl) : undefined, 'CONTENT_NOT_FOUND');
      const name = translate(await readerLanguage(request), 'calendars.eventCalendar', { name: event.name });
      return sendIcs(reply, writeCalendar({ name, host, events: [event] }), fileSlug(event.name));
    },
  );

  // Every date of the series the event is a date of: one VEVENT with its rule, as calendar apps repeat it.
  r.get(
    '/api/events/:id/series.ics',
    { config: { cache: 'public' }, schema: { tags, params: idParams, produces: ['text/calendar'] } },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const id = request.params.id;
      const series = assertFound(UUID_PATTERN.test(id) ? await seriesCalendar(app.db, id.toLowerCase(), viewer, publicUrl) : undefined, 'CONTENT_NOT_FOUND');
      const name = translate(await readerLanguage(request), 'calendars.eventCalendar', { name: series.template.name });
      return sendIcs(reply, writeCalendar({ name, host, events: [series] }), fileSlug(series.template.name));
    },
  );

  r.get(
    '/api/disciplines/:id/events/calendar.ics',
    { config: { cache: 'public' }, schema: { tags, params: disciplineParams, produces: ['text/calendar'] } },
    async (request, reply) => {
      await requireDiscipline(app, request.params.id);
      const language = await readerLanguage(request);
      const discipline = (await disciplineName(app.db, request.params.id, language)) ?? request.params.id;
      const name = translate(language, 'calendars.disciplineCalendar', { discipline });
      const events = await disciplineCalendar(app.db, request.params.id, publicUrl);
      return sendIcs(reply, writeCalendar({ name, host, events, feed: true }), `${fileSlug(request.params.id)}-events`);
    },
  );

  // The address is the key (calendar apps send no cookie): never kept by a cache, never indexed.
  r.get(
    '/api/calendar/:token.ics',
    { config: { cache: 'no-store' }, schema: { tags, params: tokenParams, produces: ['text/calendar'] } },
    async (request, reply) => {
      const person = assertFound(await feedOwner(app.db, request.params.token), 'NOT_FOUND');
      reply.header('x-robots-tag', 'noindex');
      // A calendar app asks in no particular language: the person's own, else what the app's system asks for.
      const language = isLanguageCode(person.language) ? person.language : await readerLanguage(request);
      const events = await personalCalendar(app.db, { id: person.id, role: person.role }, publicUrl);
      return sendIcs(reply, writeCalendar({ name: translate(language, 'calendars.personalCalendar'), host, events, feed: true }));
    },
  );

  read(app, '/api/me/calendar-feed', { tags, cache: 'private', response: calendarFeedStatusSchema }, async (ctx) => {
    const user = await ctx.requireUser();
    const createdAt = await feedCreatedAt(ctx.db, user.id);
    return { active: !!createdAt, createdAt: createdAt?.toISOString() ?? null };
  });

  // The answer holds the secret address: no-store.
  serveAction(app, createCalendarFeedWithInput, { tags, status: 201, cache: 'no-store', response: calendarFeedSchema }, async (ctx) => {
    const user = await ctx.requireUser();
    await ctx.app.limiter.consume(`calendar-feed:user:${user.id}`, { max: FEEDS_PER_HOUR, windowSeconds: 3600 });
    const token = await createFeedToken(ctx.db, user.id);
    return { url: feedUrl(token), createdAt: new Date().toISOString() };
  });

  serveAction(app, revokeCalendarFeedWithInput, { tags, status: 204, response: z.null() }, async (ctx) => {
    const user = await ctx.requireUser();
    await deleteFeedToken(ctx.db, user.id);
    return null;
  });
}
