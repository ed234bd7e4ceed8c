import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationWithInput,
  declineInvitationWithInput,
  invitationAnswerSchema,
  joinResultSchema,
  joinTeamWithInput,
  leaveTeamWithInput,
  teamDetailSchema,
  teamInvitationSchema,
  userIdBodySchema,
} from '../../../common/teams.ts';
import { UUID_PATTERN } from '../../../common/content.ts';
import { limitAction } from '../../lib/action-limits.ts';
import { blockedBetween } from '../../lib/blocks.ts';
import { idParams } from '../../lib/content-routes.ts';
import { fail } from '../../lib/errors.ts';
import { contextOf } from '../../lib/context.ts';
import { read } from '../../lib/reads.ts';
import { serveAction } from '../../lib/actions.ts';
import { findTeam, memberParams, noContent, requireTeamManager, tags, teamDetailOf } from './team-access.ts';
import { requestToJoin } from './team-join-requests.db.ts';
import { addMember, answerInvitation, cancelInvitation, inviteMember, listInvitations, removeMember, transferLeadership } from './team-membership.db.ts';

const JOINS_PER_HOUR = 30;

/** Who is in a team: joining and leaving, invitations and their answers, removing members, transferring the lead. */
export async function teamMembershipRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  serveAction(app, joinTeamWithInput, { tags, response: joinResultSchema }, async (ctx, { id }) => {
    const user = await ctx.requireUser();
    const team = await findTeam(ctx.app, id, user);
    if (team.myRole) fail('ALREADY_MEMBER');
    if (await blockedBetween(ctx.db, user.id, team.leaderId)) fail('BLOCKED');
    await ctx.app.limiter.consume(`teams:join:user:${user.id}`, { max: JOINS_PER_HOUR, windowSeconds: 3600 });
    if (!team.isPrivate) {
      if ((await addMember(ctx.db, id, user.id)) === 'already-member') fail('ALREADY_MEMBER');
      return { status: 'joined' as const };
    }
    if ((await requestToJoin(ctx.db, id, user.id)) === 'already-pending') fail('REQUEST_PENDING');
    return { status: 'requested' as const };
  });

  serveAction(app, leaveTeamWithInput, { tags, status: 204, response: z.null() }, async (ctx, { id }) => {
    const user = await ctx.requireUser();
    await findTeam(ctx.app, id, user);
    const result = await removeMember(ctx.db, id, user.id);
    if (result === 'is-leader') fail('LEADER_MUST_TRANSFER');
    if (result === 'not-member') fail('NOT_A_MEMBER');
    return null;
  });

  // Adding a person invites them (checklist line 38); they join by accepting.
  r.post(
    '/api/teams/:id/members',
    { schema: { tags, params: idParams, body: userIdBodySchema, response: { 201: z.array(teamInvitationSchema) } } },
    async (request, reply) => {
      const user = await requireTeamManager(contextOf(request), request.params.id);
      await limitAction(app, 'memberChange', user.id);
      const result = await inviteMember(app.db, request.params.id, request.body.userId, user.id);
      if (result === 'unknown-user') fail('USER_NOT_FOUND');
      if (result === 'blocked') fail('BLOCKED');
      if (result === 'already-member') fail('ALREADY_MEMBER');
      if (result === 'already-invited') fail('INVITATION_PENDING');
      return reply.status(201).send(await listInvitations(app.db, request.params.id));
    },
  );

  read(app, '/api/teams/:id/invitations', { tags, cache: 'no-store', params: idParams, response: z.array(teamInvitationSchema) }, async (ctx, { params }) => {
    await requireTeamManager(ctx, params.id);
    return listInvitations(ctx.db, params.id);
  });

  r.delete('/api/teams/:id/invitations/:userId', { schema: { tags, params: memberParams, response: noContent } }, async (request, reply) => {
    const user = await requireTeamManager(contextOf(request), request.params.id);
    await limitAction(app, 'memberChange', user.id);
    if (!(await cancelInvitation(app.db, request.params.id, request.params.userId))) fail('INVITATION_NOT_FOUND');
    return reply.status(204).send(null);
  });

  // The invited person answers; a team still waiting for approval is hidden from them, so no findTeam here.
  for (const [action, accept] of [
    [acceptInvitationWithInput, true],
    [declineInvitationWithInput, false],
  ] as const) {
    serveAction(app, action, { tags, response: invitationAnswerSchema }, async (ctx, { id }) => {
      const user = await ctx.requireUser();
      const result = UUID_PATTERN.test(id) ? await answerInvitation(ctx.db, id, user.id, accept) : 'not-found';
      if (result === 'not-found') fail('INVITATION_NOT_FOUND');
      if (result === 'blocked') fail('BLOCKED');
      return { status: result };
    });
  }

  r.delete('/api/teams/:id/members/:userId', { schema: { tags, params: memberParams, response: { 200: teamDetailSchema } } }, async (request) => {
    const user = await requireTeamManager(contextOf(request), request.params.id);
    await limitAction(app, 'memberChange', user.id);
    const result = await removeMember(app.db, request.params.id, request.params.userId);
    if (result === 'is-leader') fail('LEADER_MUST_TRANSFER');
    if (result === 'not-member') fail('NOT_A_MEMBER');
    return teamDetailOf(contextOf(request), request.params.id, user);
  });

  r.post('/api/teams/:id/transfer', { schema: { tags, params: idParams, body: userIdBodySchema, response: { 200: teamDetailSchema } } }, async (request) => {
    const user = await requireTeamManager(contextOf(request), request.params.id);
    await limitAction(app, 'memberChange', user.id);
    if ((await transferLeadership(app.db, request.params.id, request.body.userId, user.id)) === 'not-member') fail('NOT_A_MEMBER', { status: 409 });
    return teamDetailOf(contextOf(request), request.params.id, user);
  });
}
