import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { profileSessionPageSchema, profileSessionsQuerySchema, sessionStatsSchema } from '../../../common/session-stats.ts';
import { fail } from '../../lib/errors.ts';
import { profileIsVisibleOnce } from '../../lib/people.ts';
import { read } from '../../lib/reads.ts';
import { listProfileSessions, sessionStats } from './session-stats.db.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** A rider's session log and figures on their profile (issue 20, item 1): only what the viewer may see. */
export async function sessionStatsRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['sessions'];

  read(
    app,
    '/api/profiles/:id/sessions',
    { tags, cache: 'public', params: idParams, query: profileSessionsQuerySchema, response: profileSessionPageSchema },
    async (ctx, { params, query }) => {
      if (!(await profileIsVisibleOnce(ctx, params.id))) fail('USER_NOT_FOUND');
      return listProfileSessions(ctx.db, params.id, await ctx.viewer(), query);
    },
  );

  read(app, '/api/profiles/:id/session-stats', { tags, cache: 'public', params: idParams, response: sessionStatsSchema }, async (ctx, { params }) => {
    if (!(await profileIsVisibleOnce(ctx, params.id))) fail('USER_NOT_FOUND');
    return sessionStats(ctx.db, params.id, await ctx.viewer());
  });
}
