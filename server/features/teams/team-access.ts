import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { UUID_PATTERN } from '../../../common/content.ts';
import type { Viewer } from '../../lib/content.ts';
import type { Ctx } from '../../lib/context.ts';
import { idParams } from '../../lib/content-routes.ts';
import { assertFound, fail } from '../../lib/errors.ts';
import { withPendingRevision } from '../../lib/revisions.ts';
import { getTeamAccess, getTeamDetail } from './teams.db.ts';

/** Route pieces the team route modules share: who may see or manage a team, and its detail. */

export const tags = ['teams'];
export const requestParams = idParams.extend({ requestId: z.string().max(100) });
export const memberParams = idParams.extend({ userId: z.string().min(1).max(100) });
export const noContent = { 204: z.null() };

/** A team the viewer may see; a malformed id, a missing team and a hidden one all answer the same 404. */
export async function findTeam(app: FastifyInstance, id: string, viewer: Viewer) {
  const team = UUID_PATTERN.test(id) ? await getTeamAccess(app.db, id, viewer) : undefined;
  return assertFound(team, 'TEAM_NOT_FOUND');
}

/** The signed-in leader of this team, or an admin. */
export async function requireTeamManager(ctx: Ctx, id: string) {
  const user = await ctx.requireUser();
  const team = await findTeam(ctx.app, id, user);
  if (user.role !== 'admin' && team.leaderId !== user.id) fail('FORBIDDEN');
  return user;
}

/** The team as `viewer` sees it; its leader and admins also see its pending revision. */
export async function teamDetailOf(ctx: Ctx, id: string, viewer: Viewer) {
  const team = assertFound(await getTeamDetail(ctx.db, id, viewer, await ctx.language()), 'TEAM_NOT_FOUND');
  return withPendingRevision(ctx.db, { type: 'team', id }, team, team.canManage);
}
