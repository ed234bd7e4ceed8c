import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UUID_PATTERN } from '../../../common/content.ts';
import { accessStatusInputSchema, closureInputSchema, placeAccessSchema, stewardInputSchema, todayUtc } from '../../../common/place-access.ts';
import type { Place } from '../../../common/places.ts';
import { findVisible, idParams } from '../../lib/content-routes.ts';
import type { Viewer } from '../../lib/content.ts';
import { fail } from '../../lib/errors.ts';
import { read } from '../../lib/reads.ts';
import { requireAdmin, requireUser } from '../../lib/session.ts';
import { addClosure, addSteward, getPlaceAccess, mayManageAccess, removeClosure, removeSteward, setAccessStatus } from './place-access.db.ts';

type GetPlace = (id: string, viewer: Viewer) => Promise<Place | undefined>;

const closureParams = z.object({ id: z.string().max(100), closureId: z.string().max(100) });
const stewardParams = z.object({ id: z.string().max(100), userId: z.string().max(100) });


/**
 * A place's access (issue 20 item 3): anyone reads it with the place; its status and closures are
 * changed by admins and the place's stewards, its stewards named by admins. Every answer is the
 * place's access as it now is, so the page redraws from it.
 */
export async function placeAccessRoutes(app: FastifyInstance, get: GetPlace): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['places'];
  const answer = { 200: placeAccessSchema };

  /** The signed-in admin or steward of a place they can see; anyone else is refused (a hidden place is not found). */
  async function requireKeeper(request: FastifyRequest, id: string) {
    const user = await requireUser(request);
    await findVisible(get, id, user);
    if (!(await mayManageAccess(app.db, id, user))) fail('FORBIDDEN');
    return user;
  }

  read(app, '/api/places/:id/access', { tags, cache: 'public', params: idParams, response: placeAccessSchema }, async (ctx, { params }) => {
    await findVisible(get, params.id, await ctx.viewer());
    return getPlaceAccess(ctx.db, params.id, todayUtc());
  });

  r.put('/api/places/:id/access', { schema: { tags, params: idParams, body: accessStatusInputSchema, response: answer } }, async (request) => {
    const user = await requireKeeper(request, request.params.id);
    await setAccessStatus(app.db, request.params.id, request.body.status, user);
    return getPlaceAccess(app.db, request.params.id, todayUtc());
  });

  r.post('/api/places/:id/closures', { schema: { tags, params: idParams, body: closureInputSchema, response: { 201: placeAccessSchema } } }, async (request, reply) => {
    const user = await requireKeeper(request, request.params.id);
    await addClosure(app.db, request.params.id, request.body, user);
    return reply.code(201).send(await getPlaceAccess(app.db, request.params.id, todayUtc()));
  });

  r.delete('/api/places/:id/closures/:closureId', { schema: { tags, params: closureParams, response: answer } }, async (request) => {
    const user = await requireKeeper(request, request.params.id);
    if (!UUID_PATTERN.test(request.params.closureId)) fail('NOT_FOUND');
    await removeClosure(app.db, request.params.id, request.params.closureId, user);
    return getPlaceAccess(app.db, request.params.id, todayUtc());
  });

  r.post('/api/places/:id/stewards', { schema: { tags, params: idParams, body: stewardInputSchema, response: { 201: placeAccessSchema } } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    await findVisible(get, request.params.id, admin);
    await addSteward(app.db, request.params.id, request.body.userId, admin);
    return reply.code(201).send(await getPlaceAccess(app.db, request.params.id, todayUtc()));
  });

  r.delete('/api/places/:id/stewards/:userId', { schema: { tags, params: stewardParams, response: answer } }, async (request) => {
    const admin = await requireAdmin(request);
    await findVisible(get, request.params.id, admin);
    await removeSteward(app.db, request.params.id, request.params.userId, admin);
    return getPlaceAccess(app.db, request.params.id, todayUtc());
  });
}
