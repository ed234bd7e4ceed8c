import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UUID_PATTERN } from '../../../common/content.ts';
import {
  closureInputSchema,
  placeAccessSchema,
  placeAccessStatusWithInput,
  placeClosureAddWithInput,
  placeClosureRemoveWithInput,
  placeStewardAddWithInput,
  placeStewardRemoveWithInput,
  todayUtc,
} from '../../../common/place-access.ts';
import type { Place } from '../../../common/places.ts';
import { findVisible, idParams } from '../../lib/content-routes.ts';
import type { Viewer } from '../../lib/content.ts';
import { fail } from '../../lib/errors.ts';
import { read } from '../../lib/reads.ts';
import { serveAction, type FormFields } from '../../lib/actions.ts';
import type { Ctx } from '../../lib/context.ts';
import { addClosure, addSteward, getPlaceAccess, mayManageAccess, removeClosure, removeSteward, setAccessStatus } from './place-access.db.ts';

type GetPlace = (id: string, viewer: Viewer) => Promise<Place | undefined>;

/**
 * A place's access (issue 20 item 3): anyone reads it with the place; its status and closures are
 * changed by admins and the place's stewards, its stewards named by admins. Every answer is the
 * place's access as it now is, so the page redraws from it.
 */
export async function placeAccessRoutes(app: FastifyInstance, get: GetPlace): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['places'];

  /** The signed-in admin or steward of a place they can see; anyone else is refused (a hidden place is not found). */
  async function requireKeeper(ctx: Ctx, id: string) {
    const user = await ctx.requireUser();
    await findVisible(get, id, user);
    if (!(await mayManageAccess(ctx.db, id, user))) fail('FORBIDDEN');
    return user;
  }

  read(app, '/api/places/:id/access', { tags, cache: 'public', params: idParams, response: placeAccessSchema }, async (ctx, { params }) => {
    await findVisible(get, params.id, await ctx.viewer());
    return getPlaceAccess(ctx.db, params.id, todayUtc());
  });

  serveAction(app, placeAccessStatusWithInput, { tags, response: placeAccessSchema }, async (ctx, { id, status }) => {
    const user = await requireKeeper(ctx, id);
    await setAccessStatus(ctx.db, id, status, user);
    return getPlaceAccess(ctx.db, id, todayUtc());
  });

  // Its days are checked against each other: the JSON body is the whole closure's input, not the action's input less its path.
  // The place page's form names the place `placeId`; an unticked checkbox sends nothing.
  const closureForm = (fields: FormFields) => ({ ...Object.fromEntries(fields), id: fields.get('placeId') ?? '', yearly: fields.get('yearly') !== null });
  serveAction(
    app,
    placeClosureAddWithInput,
    { tags, response: placeAccessSchema, status: 201, body: closureInputSchema, form: closureForm },
    async (ctx, { id, ...closure }) => {
      const user = await requireKeeper(ctx, id);
      await addClosure(ctx.db, id, closure, user);
      return getPlaceAccess(ctx.db, id, todayUtc());
    },
  );

  serveAction(app, placeClosureRemoveWithInput, { tags, response: placeAccessSchema }, async (ctx, { id, closureId }) => {
    const user = await requireKeeper(ctx, id);
    if (!UUID_PATTERN.test(closureId)) fail('NOT_FOUND');
    await removeClosure(ctx.db, id, closureId, user);
    return getPlaceAccess(ctx.db, id, todayUtc());
  });

  serveAction(app, placeStewardAddWithInput, { tags, response: placeAccessSchema, status: 201 }, async (ctx, { id, userId }) => {
    const admin = await ctx.requireAdmin();
    await findVisible(get, id, admin);
    await addSteward(ctx.db, id, userId, admin);
    return getPlaceAccess(ctx.db, id, todayUtc());
  });

  serveAction(app, placeStewardRemoveWithInput, { tags, response: placeAccessSchema }, async (ctx, { id, userId }) => {
    const admin = await ctx.requireAdmin();
    await findVisible(get, id, admin);
    await removeSteward(ctx.db, id, userId, admin);
    return getPlaceAccess(ctx.db, id, todayUtc());
  });
}
