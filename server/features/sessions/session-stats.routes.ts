import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileSessionPageSchema, profileSessionsQuerySchema, sessionStatsSchema } from '../../../common/session-stats.ts';
import { viewerOf } from '../../lib/content-routes.ts';
import { fail } from '../../lib/errors.ts';
import { profileIsVisibleOnce } from '../../lib/people.ts';
import { listProfileSessions, sessionStats } from './session-stats.db.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** A rider's session log and figures on their profile (issue 20, item 1): only what the viewer may see. */
export async function sessionStatsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sessions'];

  r.get(
    '/api/profiles/:id/sessions',
    { config: { cache: 'public' }, schema: { tags, params: idParams, querystring: profileSessionsQuerySchema, response: { 200: profileSessionPageSchema } } },
    async (request) => {
      if (!(await profileIsVisibleOnce(request, request.params.id))) fail('USER_NOT_FOUND');
      return listProfileSessions(app.db, request.params.id, await viewerOf(request), request.query);
    },
  );

  r.get(
    '/api/profiles/:id/session-stats',
    { config: { cache: 'public' }, schema: { tags, params: idParams, response: { 200: sessionStatsSchema } } },
    async (request) => {
      if (!(await profileIsVisibleOnce(request, request.params.id))) fail('USER_NOT_FOUND');
      return sessionStats(app.db, request.params.id, await viewerOf(request));
    },
  );
}
