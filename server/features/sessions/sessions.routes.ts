import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UUID_PATTERN } from '../../../common/content.ts';
import {
  acceptSessionTagWithInput,
  companionAnswerSchema,
  declineSessionTagWithInput,
  deleteSessionWithInput,
  logSessionWithInput,
  placeSessionsSchema,
  sessionSchema,
} from '../../../common/sessions.ts';
import { contextOf, type Ctx } from '../../lib/context.ts';
import { assertFound, fail } from '../../lib/errors.ts';
import { deleteWithPhotos } from '../../lib/photos.ts';
import { read } from '../../lib/reads.ts';
import { serveAction, serveForm } from '../../lib/actions.ts';
import { sessionForm } from './session-form.ts';
import { requireUser } from '../../lib/session.ts';
import { answerTag, createSession, deleteSession, findSession, getSession, placeSessions, sessionPlace } from './sessions.db.ts';

// Per person, like condition reports: a few sessions a day is the use; a flood stops with a 429.
const SESSIONS_PER_10_MIN = 20;

const idParams = z.object({ id: z.string().max(100) });
const id = (value: string) => (UUID_PATTERN.test(value) ? value.toLowerCase() : undefined);

/** Sessions (check-ins) at places (issue 20, item 1): logged by riders signed in, read by whom sessionVisibleTo lets. */
export async function sessionsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sessions'];

  /** The place when the caller may see it: hidden, missing and malformed ids all answer 404. */
  async function visiblePlace(ctx: Ctx, placeId: string) {
    const valid = id(placeId);
    return assertFound(valid ? await sessionPlace(ctx.db, valid, await ctx.viewer()) : undefined, 'CONTENT_NOT_FOUND');
  }

  // Public data of the place, cached like it (decision 0005): a session makes the answer private.
  read(app, '/api/places/:id/sessions', { tags, cache: 'public', params: idParams, response: placeSessionsSchema }, async (ctx, { params }) => {
    const place = await visiblePlace(ctx, params.id);
    return placeSessions(ctx.db, place.id, await ctx.viewer());
  });

  serveAction(app, logSessionWithInput, { tags, response: sessionSchema, status: 201, form: sessionForm }, async (ctx, input) => {
    const user = await ctx.requireUser();
    const place = await visiblePlace(ctx, input.placeId);
    await app.limiter.consume(`sessions:user:${user.id}`, { max: SESSIONS_PER_10_MIN, windowSeconds: 600 });
    const made = await createSession(ctx.db, user, place, input);
    return assertFound(await getSession(ctx.db, made, user));
  });

  serveAction(app, deleteSessionWithInput, { tags, status: 204, response: z.null() }, async (ctx, input) => {
    const user = await ctx.requireUser();
    const valid = id(input.id);
    const session = assertFound(valid ? await findSession(ctx.db, valid, user) : undefined);
    if (user.role !== 'admin' && session.author_id !== user.id) fail('FORBIDDEN');
    // The admin's moderation list deletes through here too.
    await deleteWithPhotos(ctx.app, { type: 'session', id: session.id }, () => deleteSession(ctx.db, session.id));
    return null;
  });

  /** A tagged companion's answer, from the JSON route and from either plain form. */
  async function answerCompanionTag(ctx: Ctx, sessionId: string, accept: boolean) {
    const user = await ctx.requireUser();
    const valid = id(sessionId);
    if (valid && (await answerTag(ctx.db, valid, user.id, accept))) return { accepted: accept };
    // Not tagged: someone who sees the session is not allowed; for anyone else it does not exist.
    if (valid && (await findSession(ctx.db, valid, user))) fail('FORBIDDEN');
    return fail('NOT_FOUND');
  }

  // Both answers share this one route (its body says which): it stays a route of its own, and each
  // answer's plain form (its input giving `accept`, common/sessions.ts) calls the same function.
  r.post(
    '/api/sessions/:id/companion',
    { schema: { tags, params: idParams, body: companionAnswerSchema, response: { 200: z.object({ accepted: z.boolean() }) } } },
    async (request) => answerCompanionTag(contextOf(request), request.params.id, request.body.accept),
  );
  serveForm(app, acceptSessionTagWithInput, (ctx, input) => answerCompanionTag(ctx, input.id, input.accept));
  serveForm(app, declineSessionTagWithInput, (ctx, input) => answerCompanionTag(ctx, input.id, input.accept));
}
