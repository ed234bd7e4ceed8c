import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberSearchQuerySchema, personSchema } from '../../../common/teams.ts';
import { idParams } from '../../lib/content-routes.ts';
import { requireManager, tags } from './team-access.ts';
import { searchNewMembers } from './team-member-search.db.ts';

/** Manage Team's search for people to invite (its leader or an admin). */
export async function teamMemberSearchRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/teams/:id/member-search',
    { config: { cache: 'no-store' }, schema: { tags, params: idParams, querystring: memberSearchQuerySchema, response: { 200: z.array(personSchema) } } },
    async (request) => {
      await requireManager(app, request, request.params.id);
      return searchNewMembers(app.db, request.params.id, request.query.q);
    },
  );
}
