import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_MESSAGES } from '../../../common/error-codes.ts';
import { invitationAnswerSchema, joinResultSchema, teamDetailSchema, teamInvitationSchema, userIdBodySchema } from '../../../common/teams.ts';
import { UUID_PATTERN } from '../../../common/content.ts';
import { limitAction } from '../../lib/action-limits.ts';
import { blockedBetween, blockedError } from '../../lib/blocks.ts';
import { idParams } from '../../lib/content-routes.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../lib/session.ts';
import { fail, findTeam, memberParams, noContent, requireManager, tags, teamDetail } from './team-access.ts';
import { requestToJoin } from './team-join-requests.db.ts';
import { addMember, answerInvitation, cancelInvitation, inviteMember, listInvitations, removeMember, transferLeadership } from './team-membership.db.ts';

const JOINS_PER_HOUR = 30;

const invitationNotFound = () => notFound('INVITATION_NOT_FOUND', ERROR_MESSAGES.INVITATION_NOT_FOUND);

/** Who is in a team: joining and leaving, invitations and their answers, removing members, transferring the lead. */
export async function teamMembershipRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/teams/:id/join', { schema: { tags, params: idParams, response: { 200: joinResultSchema } } }, async (request) => {
    const user = await requireUser(request);
    const team = await findTeam(app, request.params.id, user);
    if (team.myRole) throw fail(409, 'ALREADY_MEMBER');
    if (await blockedBetween(app.db, user.id, team.leaderId)) throw blockedError();
    await app.limiter.consume(`teams:join:user:${user.id}`, { max: JOINS_PER_HOUR, windowSeconds: 3600 });
    if (!team.isPrivate) {
      if ((await addMember(app.db, request.params.id, user.id)) === 'already-member') throw fail(409, 'ALREADY_MEMBER');
      return { status: 'joined' as const };
    }
    if ((await requestToJoin(app.db, request.params.id, user.id)) === 'already-pending') throw fail(409, 'REQUEST_PENDING');
    return { status: 'requested' as const };
  });

  r.delete('/api/teams/:id/membership', { schema: { tags, params: idParams, response: noContent } }, async (request, reply) => {
    const user = await requireUser(request);
    await findTeam(app, request.params.id, user);
    const result = await removeMember(app.db, request.params.id, user.id);
    if (result === 'is-leader') throw fail(409, 'LEADER_MUST_TRANSFER');
    if (result === 'not-member') throw fail(404, 'NOT_A_MEMBER');
    return reply.status(204).send(null);
  });

  // Adding a person invites them (checklist line 38); they join by accepting.
  r.post(
    '/api/teams/:id/members',
    { schema: { tags, params: idParams, body: userIdBodySchema, response: { 201: z.array(teamInvitationSchema) } } },
    async (request, reply) => {
      const user = await requireManager(app, request, request.params.id);
      await limitAction(app, 'memberChange', user.id);
      const result = await inviteMember(app.db, request.params.id, request.body.userId, user.id);
      if (result === 'unknown-user') throw notFound('USER_NOT_FOUND', ERROR_MESSAGES.USER_NOT_FOUND);
      if (result === 'blocked') throw blockedError();
      if (result === 'already-member') throw fail(409, 'ALREADY_MEMBER');
      if (result === 'already-invited') throw fail(409, 'INVITATION_PENDING');
      return reply.status(201).send(await listInvitations(app.db, request.params.id));
    },
  );

  r.get('/api/teams/:id/invitations', { config: { cache: 'no-store' }, schema: { tags, params: idParams, response: { 200: z.array(teamInvitationSchema) } } }, async (request, reply) => {
    await requireManager(app, request, request.params.id);
    return listInvitations(app.db, request.params.id);
  });

  r.delete('/api/teams/:id/invitations/:userId', { schema: { tags, params: memberParams, response: noContent } }, async (request, reply) => {
    const user = await requireManager(app, request, request.params.id);
    await limitAction(app, 'memberChange', user.id);
    if (!(await cancelInvitation(app.db, request.params.id, request.params.userId))) throw invitationNotFound();
    return reply.status(204).send(null);
  });

  // The invited person answers; a team still waiting for approval is hidden from them, so no findTeam here.
  for (const [action, accept] of [['accept', true], ['decline', false]] as const) {
    r.post(`/api/teams/:id/invitation/${action}`, { schema: { tags, params: idParams, response: { 200: invitationAnswerSchema } } }, async (request) => {
      const user = await requireUser(request);
      const result = UUID_PATTERN.test(request.params.id) ? await answerInvitation(app.db, request.params.id, user.id, accept) : 'not-found';
      if (result === 'not-found') throw invitationNotFound();
      if (result === 'blocked') throw blockedError();
      return { status: result };
    });
  }

  r.delete('/api/teams/:id/members/:userId', { schema: { tags, params: memberParams, response: { 200: teamDetailSchema } } }, async (request) => {
    const user = await requireManager(app, request, request.params.id);
    await limitAction(app, 'memberChange', user.id);
    const result = await removeMember(app.db, request.params.id, request.params.userId);
    if (result === 'is-leader') throw fail(409, 'LEADER_MUST_TRANSFER');
    if (result === 'not-member') throw fail(404, 'NOT_A_MEMBER');
    return teamDetail(app, request, request.params.id, user);
  });

  r.post('/api/teams/:id/transfer', { schema: { tags, params: idParams, body: userIdBodySchema, response: { 200: teamDetailSchema } } }, async (request) => {
    const user = await requireManager(app, request, request.params.id);
    await limitAction(app, 'memberChange', user.id);
    if ((await transferLeadership(app.db, request.params.id, request.body.userId, user.id)) === 'not-member') throw fail(409, 'NOT_A_MEMBER');
    return teamDetail(app, request, request.params.id, user);
  });
}
