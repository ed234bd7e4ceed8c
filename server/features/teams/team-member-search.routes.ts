import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { memberSearchQuerySchema, personSchema } from '../../../common/teams.ts';
import { idParams } from '../../lib/content-routes.ts';
import { read } from '../../lib/reads.ts';
import { requireTeamManager, tags } from './team-access.ts';
import { searchNewMembers } from './team-member-search.db.ts';

/** Manage Team's search for people to invite (its leader or an admin). */
export async function teamMemberSearchRoutes(app: FastifyInstance): Promise<void> {
  read(
    app,
    '/api/teams/:id/member-search',
    { tags, cache: 'no-store', params: idParams, query: memberSearchQuerySchema, response: z.array(personSchema) },
    async (ctx, { params, query }) => {
      await requireTeamManager(ctx, params.id);
      return searchNewMembers(ctx.db, params.id, query.q);
    },
  );
}
