import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  profileTrickListSchema,
  trickInputSchema,
  trickListQuerySchema,
  trickListSchema,
  trickProgressInputSchema,
  trickProgressSchema,
  trickSchema,
  trickUpdateSchema,
} from '../../../common/tricks.ts';
import { contentRoutes, findVisible, idParams } from '../../lib/content-routes.ts';
import { fail } from '../../lib/errors.ts';
import { profileIsVisibleOnce } from '../../lib/people.ts';
import { read } from '../../lib/reads.ts';
import { requireUser } from '../../lib/session.ts';
import { clearTrickProgress, listProgression, setTrickProgress, tricksStore } from './tricks.db.ts';

export async function tricksRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tricks'];
  const get = contentRoutes(app, {
    section: 'tricks',
    schemas: { input: trickInputSchema, update: trickUpdateSchema, listQuery: trickListQuerySchema, item: trickSchema, list: trickListSchema },
    ...tricksStore,
  });

  r.put(
    '/api/tricks/:id/progress',
    { schema: { tags, params: idParams, body: trickProgressInputSchema, response: { 200: trickProgressSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await findVisible(get, request.params.id, user);
      await setTrickProgress(app.db, request.params.id, user.id, request.body.state);
      return { state: request.body.state };
    },
  );

  r.delete('/api/tricks/:id/progress', { schema: { tags, params: idParams, response: { 200: trickProgressSchema } } }, async (request) => {
    const user = await requireUser(request);
    await findVisible(get, request.params.id, user);
    await clearTrickProgress(app.db, request.params.id, user.id);
    return { state: null };
  });

  // `:id` like the other /api/profiles/:id/… routes: the router wants one parameter name per position.
  read(
    app,
    '/api/profiles/:id/tricks',
    { tags, cache: 'public', params: z.object({ id: z.string().min(1).max(100) }), response: profileTrickListSchema },
    async (ctx, { params }) => {
      if (!(await profileIsVisibleOnce(ctx, params.id))) fail('USER_NOT_FOUND');
      return listProgression(ctx.db, params.id);
    },
  );
}
