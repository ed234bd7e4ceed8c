import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UUID_PATTERN } from '../../../common/content.ts';
import { adminTeamInputSchema, adminTeamSchema } from '../../../common/teams.ts';
import { idParams } from '../../lib/content-routes.ts';
import { assertFound, fail } from '../../lib/errors.ts';
import { contextOf, type Ctx } from '../../lib/context.ts';
import { read } from '../../lib/reads.ts';
import { requireUser } from '../../lib/session.ts';
import { queueShareCard } from '../../lib/share-card-jobs.ts';
import { getAdminTeam, saveAdminTeam, type AdminTeamSaveResult } from './admin-teams.db.ts';

/** The admin Team form (spec §2 Team form, §4 Team save); logo and banner go through the team's upload routes. */
export async function adminTeamsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  async function adminTeam(ctx: Ctx, id: string) {
    const team = UUID_PATTERN.test(id) ? await getAdminTeam(ctx.db, id, await ctx.language()) : undefined;
    return assertFound(team, 'TEAM_NOT_FOUND');
  }

  async function saved(request: FastifyRequest, result: AdminTeamSaveResult) {
    if ('id' in result) {
      await queueShareCard(app, 'team', result.id);
      return adminTeam(contextOf(request), result.id);
    }
    // A person or discipline the form names that does not exist is a wrong field (400), not a missing page (404).
    if (result.refused === 'TEAM_NOT_FOUND' || result.refused === 'BLOCKED') fail(result.refused);
    fail(result.refused, { status: 400 });
  }

  // The admin who saves, told to the people the save notifies (the guard above let only admins in).
  const actorId = async (request: FastifyRequest) => (await requireUser(request)).id;

  read(app, '/api/admin/teams/:id', { tags, cache: 'no-store', params: idParams, response: adminTeamSchema }, async (ctx, { params }) => {
    return adminTeam(ctx, params.id);
  });

  r.post('/api/admin/teams', { schema: { tags, body: adminTeamInputSchema, response: { 201: adminTeamSchema } } }, async (request, reply) => {
    return reply.status(201).send(await saved(request, await saveAdminTeam(app.db, null, request.body, await actorId(request))));
  });

  r.put('/api/admin/teams/:id', { schema: { tags, params: idParams, body: adminTeamInputSchema, response: { 200: adminTeamSchema } } }, async (request) => {
    if (!UUID_PATTERN.test(request.params.id)) fail('TEAM_NOT_FOUND');
    return saved(request, await saveAdminTeam(app.db, request.params.id, request.body, await actorId(request)));
  });
}
