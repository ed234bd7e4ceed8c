import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { teamDetailSchema, teamInputSchema, teamListQuerySchema, teamListSchema, teamUpdateSchema } from '../../../common/teams.ts';
import { idParams } from '../../lib/content-routes.ts';
import { contextOf } from '../../lib/context.ts';
import { queueShareCard } from '../../lib/share-card-jobs.ts';
import { read } from '../../lib/reads.ts';
import { editAsAuthor, pendingRevisionOf, type AtOnce } from '../../lib/revisions.ts';
import { fail } from '../../lib/errors.ts';
import { requireUser } from '../../lib/session.ts';
import { findTeam, noContent, requireTeamManager, tags, teamDetailOf } from './team-access.ts';
import { createTeam, deleteTeam, teamFields, unknownDisciplines, updateTeam } from './team-edits.db.ts';
import { teamImagesRoutes } from './team-images.routes.ts';
import { teamJoinRequestsRoutes } from './team-join-requests.routes.ts';
import { teamMemberSearchRoutes } from './team-member-search.routes.ts';
import { teamMembershipRoutes } from './team-membership.routes.ts';
import { listTeams } from './teams.db.ts';

const CREATIONS_PER_HOUR = 10;

/**
 * Privacy is the leader's setting, not something the public reads: it applies at once, once the rest
 * of the edit was found acceptable (a refused edit changes nothing), and is kept as a decided revision.
 */
const privacyAtOnce: AtOnce = ({ isPrivate, ...later }) => (isPrivate === undefined ? undefined : { now: { isPrivate }, later });

/** The teams: their list, one team, creating, editing and deleting one; and the modules of the rest. */
export async function teamsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  read(app, '/api/teams', { tags, cache: 'public', query: teamListQuerySchema, response: teamListSchema }, async (ctx, { query }) => {
    return listTeams(ctx.db, query, await ctx.viewer());
  });

  r.post('/api/teams', { schema: { tags, body: teamInputSchema, response: { 201: teamDetailSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    if (user.role !== 'admin') await app.limiter.consume(`teams:create:user:${user.id}`, { max: CREATIONS_PER_HOUR, windowSeconds: 3600 });
    if ((await unknownDisciplines(app.db, request.body.disciplineIds)).length) fail('DISCIPLINE_NOT_FOUND', { status: 400 });
    const id = await createTeam(app.db, request.body, user);
    if (user.role === 'admin') await queueShareCard(app, 'team', id);
    return reply.status(201).send(await teamDetailOf(contextOf(request), id, user));
  });

  read(app, '/api/teams/:id', { tags, cache: 'public', params: idParams, response: teamDetailSchema }, async (ctx, { params }) => {
    const viewer = await ctx.viewer();
    await findTeam(ctx.app, params.id, viewer);
    return teamDetailOf(ctx, params.id, viewer);
  });

  r.patch('/api/teams/:id', { schema: { tags, params: idParams, body: teamUpdateSchema, response: { 200: teamDetailSchema } } }, async (request) => {
    const ctx = contextOf(request);
    const user = await requireTeamManager(ctx, request.params.id);
    const id = request.params.id;
    if (request.body.disciplineIds && (await unknownDisciplines(app.db, request.body.disciplineIds)).length) fail('DISCIPLINE_NOT_FOUND', { status: 400 });
    if (user.role === 'admin') {
      await updateTeam(app.db, id, request.body);
    } else {
      const changes = { ...request.body };
      if (changes.disciplineIds) changes.disciplineIds = [...new Set(changes.disciplineIds)].sort();
      // Whether the team is approved is read under its lock (issue 37): an edit of a team approved
      // meanwhile waits for review instead of reaching the public unreviewed. updateTeam refuses an
      // opening of a team that keeps crew spots, in the same transaction, storing nothing of the edit.
      const current = teamFields(await teamDetailOf(ctx, id, user));
      await editAsAuthor(app.db, { type: 'team', id }, current, changes, user.id, (tx, fields) => updateTeam(tx, id, fields), { atOnce: privacyAtOnce });
    }
    await queueShareCard(app, 'team', id, { changes: request.body });
    return teamDetailOf(ctx, id, user);
  });

  r.delete('/api/teams/:id', { schema: { tags, params: idParams, response: noContent } }, async (request, reply) => {
    await requireTeamManager(contextOf(request), request.params.id);
    // Images proposed in a pending edit go with the team too.
    const proposed = (await pendingRevisionOf(app.db, { type: 'team', id: request.params.id }))?.changes ?? {};
    const files = await deleteTeam(app.db, request.params.id);
    await Promise.all([...files, proposed.logoUrl, proposed.bannerUrl].map((url) => app.storage.remove(typeof url === 'string' ? url : null)));
    return reply.status(204).send(null);
  });

  await app.register(teamImagesRoutes);
  await app.register(teamMembershipRoutes);
  await app.register(teamJoinRequestsRoutes);
  await app.register(teamMemberSearchRoutes);
}
