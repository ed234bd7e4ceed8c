import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { teamDetailSchema } from '../../../common/teams.ts';
import type { Viewer } from '../../lib/content.ts';
import { idParams } from '../../lib/content-routes.ts';
import { storeImageUpload } from '../../lib/images.ts';
import { editAsAuthor } from '../../lib/revisions.ts';
import { fail } from '../../lib/errors.ts';
import { requireTeamManager, tags, teamDetailOf } from './team-access.ts';
import { contextOf } from '../../lib/context.ts';
import { setTeamImage, teamFields, type TeamImage } from './team-edits.db.ts';

/** A team's logo and banner: uploading (multipart) and clearing, by its leader or an admin. */
export async function teamImagesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Sets or clears a team image and answers the file now unused. A non-admin's new image of an approved
   * team waits for review like any edit of it (the unused file is then an earlier proposal's); an
   * admin's, or one of a team nobody approved yet, applies at once (the unused file is the old one).
   * Whether the team is approved is read under its lock (editAsAuthor, issue 37): an image sent just
   * as an admin approves the team waits for review too.
   */
  async function setImage(request: FastifyRequest, id: string, user: NonNullable<Viewer>, image: TeamImage, url: string | null): Promise<string | null> {
    const field = image === 'logo' ? 'logoUrl' : 'bannerUrl';
    if (user.role !== 'admin') {
      const current = teamFields(await teamDetailOf(contextOf(request), id, user));
      // The file replaced when the image applies at once, read and replaced under the team's lock.
      let previous: string | null | undefined = null;
      const edit = await editAsAuthor(app.db, { type: 'team', id }, current, { [field]: url }, user.id, async (tx) => {
        previous = await setTeamImage(tx, id, image, url);
      });
      const unused = edit.proposed ? edit.replaced?.[field] : previous;
      return typeof unused === 'string' ? unused : null;
    }
    // undefined: no such team (null: it had no image).
    const previous = await setTeamImage(app.db, id, image, url);
    if (previous === undefined) fail('TEAM_NOT_FOUND');
    return previous;
  }

  for (const image of ['logo', 'banner'] as const) {
    r.put(
      `/api/teams/:id/${image}`,
      { schema: { tags, params: idParams, consumes: ['multipart/form-data'], response: { 200: teamDetailSchema } } },
      async (request) => {
        const user = await requireTeamManager(contextOf(request), request.params.id);
        const url = await storeImageUpload(app, request, image);
        const unused = await setImage(request, request.params.id, user, image, url).catch(async (error: unknown) => {
          await app.storage.remove(url);
          throw error;
        });
        await app.storage.remove(unused);
        return teamDetailOf(contextOf(request), request.params.id, user);
      },
    );

    r.delete(`/api/teams/:id/${image}`, { schema: { tags, params: idParams, response: { 200: teamDetailSchema } } }, async (request) => {
      const user = await requireTeamManager(contextOf(request), request.params.id);
      await app.storage.remove(await setImage(request, request.params.id, user, image, null));
      return teamDetailOf(contextOf(request), request.params.id, user);
    });
  }
}
