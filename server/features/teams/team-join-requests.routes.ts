import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UUID_PATTERN } from '../../../common/content.ts';
import { cancelJoinRequestWithInput, joinRequestSchema } from '../../../common/teams.ts';
import { idParams } from '../../lib/content-routes.ts';
import { fail } from '../../lib/errors.ts';
import { contextOf } from '../../lib/context.ts';
import { read } from '../../lib/reads.ts';
import { serveAction } from '../../lib/actions.ts';
import { findTeam, requestParams, requireTeamManager, tags } from './team-access.ts';
import { cancelJoinRequest, decideJoinRequest, listJoinRequests } from './team-join-requests.db.ts';

/** Requests to join a private team (asking is POST /join, in the membership routes): cancelling one, and the leader's list and answers. */
export async function teamJoinRequestsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  serveAction(app, cancelJoinRequestWithInput, { tags, status: 204, response: z.null() }, async (ctx, { id }) => {
    const user = await ctx.requireUser();
    await findTeam(ctx.app, id, user);
    if (!(await cancelJoinRequest(ctx.db, id, user.id))) fail('NOT_FOUND');
    return null;
  });

  read(app, '/api/teams/:id/join-requests', { tags, cache: 'no-store', params: idParams, response: z.array(joinRequestSchema) }, async (ctx, { params }) => {
    await requireTeamManager(ctx, params.id);
    return listJoinRequests(ctx.db, params.id);
  });

  for (const [action, decision] of [
    ['accept', 'accepted'],
    ['decline', 'declined'],
  ] as const) {
    r.post(
      `/api/teams/:id/join-requests/:requestId/${action}`,
      { schema: { tags, params: requestParams, response: { 200: joinRequestSchema } } },
      async (request) => {
        const user = await requireTeamManager(contextOf(request), request.params.id);
        if (!UUID_PATTERN.test(request.params.requestId)) fail('NOT_FOUND');
        const result = await decideJoinRequest(app.db, request.params.id, request.params.requestId, decision, user.id);
        if (result === 'not-found') fail('NOT_FOUND');
        if (result === 'blocked') fail('BLOCKED');
        if (result === 'already-decided') fail('CONFLICT', { message: 'This request was already decided.' });
        return result;
      },
    );
  }
}
