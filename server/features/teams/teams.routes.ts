import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_MESSAGES, type ErrorCode } from '../../../common/error-codes.ts';
import {
  adminTeamInputSchema,
  adminTeamSchema,
  invitationAnswerSchema,
  joinRequestSchema,
  joinResultSchema,
  memberSearchQuerySchema,
  personSchema,
  teamDetailSchema,
  teamInputSchema,
  teamInvitationSchema,
  teamListQuerySchema,
  teamListSchema,
  teamUpdateSchema,
  userIdBodySchema,
} from '../../../common/teams.ts';
import { limitAction } from '../../lib/action-limits.ts';
import { blockedBetween, blockedError } from '../../lib/blocks.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { storeImageUpload } from '../../lib/images.ts';
import { readerLanguage } from '../../lib/reader-language.ts';
import { pendingRevisionOf, proposeRevision, withPendingRevision } from '../../lib/revisions.ts';
import { currentUser, requireAdmin, requireUser } from '../../lib/session.ts';
import {
  addMember,
  answerInvitation,
  cancelInvitation,
  cancelJoinRequest,
  createTeam,
  decideJoinRequest,
  deleteTeam,
  getAdminTeam,
  getTeamAccess,
  getTeamDetail,
  inviteMember,
  listInvitations,
  listJoinRequests,
  listTeams,
  removeMember,
  requestToJoin,
  saveAdminTeam,
  type AdminTeamSaveResult,
  searchNewMembers,
  setTeamImage,
  teamFields,
  transferLeadership,
  unknownDisciplines,
  updateTeam,
  type Viewer,
} from './teams.db.ts';

const CREATIONS_PER_HOUR = 10;
const JOINS_PER_HOUR = 30;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const idParams = z.object({ id: z.string().max(100) });
const requestParams = idParams.extend({ requestId: z.string().max(100) });
const memberParams = idParams.extend({ userId: z.string().min(1).max(100) });
const noContent = { 204: z.null() };

const fail = (status: number, code: ErrorCode) => new AppError(status, code, ERROR_MESSAGES[code]);
const teamNotFound = () => notFound('TEAM_NOT_FOUND', ERROR_MESSAGES.TEAM_NOT_FOUND);

export async function teamsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['teams'];

  const viewerOf = async (request: FastifyRequest): Promise<Viewer> => {
    const user = await currentUser(request);
    return user && { id: user.id, role: user.role };
  };

  /** A team the viewer may see; a malformed id, a missing team and a hidden one all answer the same 404. */
  async function findTeam(id: string, viewer: Viewer) {
    const team = UUID.test(id) ? await getTeamAccess(app.db, id, viewer) : undefined;
    if (!team) throw teamNotFound();
    return team;
  }

  /** The signed-in leader of this team, or an admin. */
  async function requireManager(request: FastifyRequest, id: string) {
    const user = await requireUser(request);
    const team = await findTeam(id, user);
    if (user.role !== 'admin' && team.leaderId !== user.id) throw forbidden();
    return user;
  }

  /** The team as `viewer` sees it; its leader and admins also see its pending revision. */
  async function detail(request: FastifyRequest, id: string, viewer: Viewer) {
    const team = await getTeamDetail(app.db, id, viewer, await readerLanguage(request));
    if (!team) throw teamNotFound();
    return withPendingRevision(app.db, { type: 'team', id }, team, team.canManage);
  }

  r.get('/api/teams', { config: { cache: 'public' }, schema: { tags, querystring: teamListQuerySchema, response: { 200: teamListSchema } } }, async (request) => {
    return listTeams(app.db, request.query, await viewerOf(request));
  });

  r.post('/api/teams', { schema: { tags, body: teamInputSchema, response: { 201: teamDetailSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    if (user.role !== 'admin') await app.limiter.consume(`teams:create:user:${user.id}`, { max: CREATIONS_PER_HOUR, windowSeconds: 3600 });
    if ((await unknownDisciplines(app.db, request.body.disciplineIds)).length) throw fail(400, 'DISCIPLINE_NOT_FOUND');
    const id = await createTeam(app.db, request.body, user);
    return reply.status(201).send(await detail(request, id, user));
  });

  r.get('/api/teams/:id', { config: { cache: 'public' }, schema: { tags, params: idParams, response: { 200: teamDetailSchema } } }, async (request) => {
    const viewer = await viewerOf(request);
    await findTeam(request.params.id, viewer);
    return detail(request, request.params.id, viewer);
  });

  r.patch('/api/teams/:id', { schema: { tags, params: idParams, body: teamUpdateSchema, response: { 200: teamDetailSchema } } }, async (request) => {
    const user = await requireManager(request, request.params.id);
    const id = request.params.id;
    if (request.body.disciplineIds && (await unknownDisciplines(app.db, request.body.disciplineIds)).length) throw fail(400, 'DISCIPLINE_NOT_FOUND');
    const current = await detail(request, id, user);
    if (user.role !== 'admin' && current.status === 'approved') {
      // Privacy is the leader's setting, not something the public reads: it applies at once.
      const { isPrivate, ...reviewed } = request.body;
      if (reviewed.disciplineIds) reviewed.disciplineIds = [...new Set(reviewed.disciplineIds)].sort();
      await proposeRevision(app.db, { type: 'team', id }, teamFields(current), reviewed, user.id, (tx) => updateTeam(tx, id, reviewed));
      // Only once the rest of the edit was found acceptable: a refused edit changes nothing.
      if (isPrivate !== undefined) await updateTeam(app.db, id, { isPrivate });
    } else {
      await updateTeam(app.db, id, request.body);
    }
    return detail(request, id, user);
  });

  r.delete('/api/teams/:id', { schema: { tags, params: idParams, response: noContent } }, async (request, reply) => {
    await requireManager(request, request.params.id);
    // Images proposed in a pending edit go with the team too.
    const proposed = (await pendingRevisionOf(app.db, { type: 'team', id: request.params.id }))?.changes ?? {};
    const files = await deleteTeam(app.db, request.params.id);
    await Promise.all([...files, proposed.logoUrl, proposed.bannerUrl].map((url) => app.storage.remove(typeof url === 'string' ? url : null)));
    return reply.status(204).send(null);
  });

  r.post('/api/teams/:id/join', { schema: { tags, params: idParams, response: { 200: joinResultSchema } } }, async (request) => {
    const user = await requireUser(request);
    const team = await findTeam(request.params.id, user);
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
    await findTeam(request.params.id, user);
    const result = await removeMember(app.db, request.params.id, user.id);
    if (result === 'is-leader') throw fail(409, 'LEADER_MUST_TRANSFER');
    if (result === 'not-member') throw fail(404, 'NOT_A_MEMBER');
    return reply.status(204).send(null);
  });

  r.delete('/api/teams/:id/join-request', { schema: { tags, params: idParams, response: noContent } }, async (request, reply) => {
    const user = await requireUser(request);
    await findTeam(request.params.id, user);
    if (!(await cancelJoinRequest(app.db, request.params.id, user.id))) throw notFound();
    return reply.status(204).send(null);
  });

  r.get('/api/teams/:id/join-requests', { config: { cache: 'no-store' }, schema: { tags, params: idParams, response: { 200: z.array(joinRequestSchema) } } }, async (request) => {
    await requireManager(request, request.params.id);
    return listJoinRequests(app.db, request.params.id);
  });

  for (const [action, decision] of [['accept', 'accepted'], ['decline', 'declined']] as const) {
    r.post(
      `/api/teams/:id/join-requests/:requestId/${action}`,
      { schema: { tags, params: requestParams, response: { 200: joinRequestSchema } } },
      async (request) => {
        const user = await requireManager(request, request.params.id);
        if (!UUID.test(request.params.requestId)) throw notFound();
        const result = await decideJoinRequest(app.db, request.params.id, request.params.requestId, decision, user.id);
        if (result === 'not-found') throw notFound();
        if (result === 'blocked') throw blockedError();
        if (result === 'already-decided') throw new AppError(409, 'CONFLICT', 'This request was already decided.');
        return result;
      },
    );
  }

  r.get(
    '/api/teams/:id/member-search',
    { config: { cache: 'no-store' }, schema: { tags, params: idParams, querystring: memberSearchQuerySchema, response: { 200: z.array(personSchema) } } },
    async (request) => {
      await requireManager(request, request.params.id);
      return searchNewMembers(app.db, request.params.id, request.query.q);
    },
  );

  // Adding a person invites them (checklist line 38); they join by accepting.
  r.post(
    '/api/teams/:id/members',
    { schema: { tags, params: idParams, body: userIdBodySchema, response: { 201: z.array(teamInvitationSchema) } } },
    async (request, reply) => {
      const user = await requireManager(request, request.params.id);
      await limitAction(app, 'memberChange', user.id);
      const result = await inviteMember(app.db, request.params.id, request.body.userId, user.id);
      if (result === 'unknown-user') throw notFound('USER_NOT_FOUND', ERROR_MESSAGES.USER_NOT_FOUND);
      if (result === 'blocked') throw blockedError();
      if (result === 'already-member') throw fail(409, 'ALREADY_MEMBER');
      if (result === 'already-invited') throw fail(409, 'INVITATION_PENDING');
      return reply.status(201).send(await listInvitations(app.db, request.params.id));
    },
  );

  r.get('/api/teams/:id/invitations', { config: { cache: 'no-store' }, schema: { tags, params: idParams, response: { 200: z.array(teamInvitationSchema) } } }, async (request) => {
    await requireManager(request, request.params.id);
    return listInvitations(app.db, request.params.id);
  });

  r.delete('/api/teams/:id/invitations/:userId', { schema: { tags, params: memberParams, response: noContent } }, async (request, reply) => {
    const user = await requireManager(request, request.params.id);
    await limitAction(app, 'memberChange', user.id);
    if (!(await cancelInvitation(app.db, request.params.id, request.params.userId))) throw notFound('INVITATION_NOT_FOUND', ERROR_MESSAGES.INVITATION_NOT_FOUND);
    return reply.status(204).send(null);
  });

  // The invited person answers; a team still waiting for approval is hidden from them, so no findTeam here.
  for (const [action, accept] of [['accept', true], ['decline', false]] as const) {
    r.post(`/api/teams/:id/invitation/${action}`, { schema: { tags, params: idParams, response: { 200: invitationAnswerSchema } } }, async (request) => {
      const user = await requireUser(request);
      const result = UUID.test(request.params.id) ? await answerInvitation(app.db, request.params.id, user.id, accept) : 'not-found';
      if (result === 'not-found') throw notFound('INVITATION_NOT_FOUND', ERROR_MESSAGES.INVITATION_NOT_FOUND);
      if (result === 'blocked') throw blockedError();
      return { status: result };
    });
  }

  r.delete('/api/teams/:id/members/:userId', { schema: { tags, params: memberParams, response: { 200: teamDetailSchema } } }, async (request) => {
    const user = await requireManager(request, request.params.id);
    await limitAction(app, 'memberChange', user.id);
    const result = await removeMember(app.db, request.params.id, request.params.userId);
    if (result === 'is-leader') throw fail(409, 'LEADER_MUST_TRANSFER');
    if (result === 'not-member') throw fail(404, 'NOT_A_MEMBER');
    return detail(request, request.params.id, user);
  });

  r.post('/api/teams/:id/transfer', { schema: { tags, params: idParams, body: userIdBodySchema, response: { 200: teamDetailSchema } } }, async (request) => {
    const user = await requireManager(request, request.params.id);
    await limitAction(app, 'memberChange', user.id);
    if ((await transferLeadership(app.db, request.params.id, request.body.userId, user.id)) === 'not-member') throw fail(409, 'NOT_A_MEMBER');
    return detail(request, request.params.id, user);
  });

  // The admin Team form (spec §2 Team form, §4 Team save); logo and banner go through the upload routes below.
  const adminOnly = { onRequest: async (request: FastifyRequest) => void (await requireAdmin(request)) };

  async function adminTeam(request: FastifyRequest, id: string) {
    const team = UUID.test(id) ? await getAdminTeam(app.db, id, await readerLanguage(request)) : undefined;
    if (!team) throw teamNotFound();
    return team;
  }

  function saved(request: FastifyRequest, result: AdminTeamSaveResult) {
    if ('id' in result) return adminTeam(request, result.id);
    if (result.refused === 'TEAM_NOT_FOUND') throw teamNotFound();
    if (result.refused === 'BLOCKED') throw blockedError();
    throw fail(400, result.refused);
  }

  r.get('/api/admin/teams/:id', { ...adminOnly, config: { cache: 'no-store' }, schema: { tags, params: idParams, response: { 200: adminTeamSchema } } }, async (request) => {
    return adminTeam(request, request.params.id);
  });

  r.post('/api/admin/teams', { ...adminOnly, schema: { tags, body: adminTeamInputSchema, response: { 201: adminTeamSchema } } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    return reply.status(201).send(await saved(request, await saveAdminTeam(app.db, null, request.body, admin.id)));
  });

  r.put('/api/admin/teams/:id', { ...adminOnly, schema: { tags, params: idParams, body: adminTeamInputSchema, response: { 200: adminTeamSchema } } }, async (request) => {
    if (!UUID.test(request.params.id)) throw teamNotFound();
    const admin = await requireAdmin(request);
    return saved(request, await saveAdminTeam(app.db, request.params.id, request.body, admin.id));
  });

  /**
   * Sets or clears a team image and answers the file now unused. A non-admin's new image of an approved
   * team waits for review like any edit of it (the unused file is then an earlier proposal's); an
   * admin's, or one of a team nobody approved yet, applies at once (the unused file is the old one).
   */
  async function setImage(request: FastifyRequest, id: string, user: NonNullable<Viewer>, image: 'logo' | 'banner', url: string | null): Promise<string | null> {
    const current = await detail(request, id, user);
    if (user.role !== 'admin' && current.status === 'approved') {
      const field = image === 'logo' ? 'logoUrl' : 'bannerUrl';
      const replaced = await proposeRevision(app.db, { type: 'team', id }, teamFields(current), { [field]: url }, user.id, (tx) => updateTeam(tx, id, { [field]: url }));
      const earlier = replaced?.[field];
      return typeof earlier === 'string' ? earlier : null;
    }
    const previous = await setTeamImage(app.db, id, image, url);
    if (previous === undefined) throw teamNotFound();
    return previous;
  }

  for (const image of ['logo', 'banner'] as const) {
    r.put(
      `/api/teams/:id/${image}`,
      { schema: { tags, params: idParams, consumes: ['multipart/form-data'], response: { 200: teamDetailSchema } } },
      async (request) => {
        const user = await requireManager(request, request.params.id);
        const url = await storeImageUpload(app, request, image);
        const unused = await setImage(request, request.params.id, user, image, url).catch(async (error: unknown) => {
          await app.storage.remove(url);
          throw error;
        });
        await app.storage.remove(unused);
        return detail(request, request.params.id, user);
      },
    );

    r.delete(`/api/teams/:id/${image}`, { schema: { tags, params: idParams, response: { 200: teamDetailSchema } } }, async (request) => {
      const user = await requireManager(request, request.params.id);
      await app.storage.remove(await setImage(request, request.params.id, user, image, null));
      return detail(request, request.params.id, user);
    });
  }
}
