import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UUID_PATTERN } from '../../../common/content.ts';
import {
  coverPhotoWithInput,
  deletePhotoWithInput,
  describePhotoWithInput,
  MAX_PHOTOS,
  PHOTO_SUBJECT_TYPES,
  PHOTO_WIDTHS,
  photoAlt,
  photoSchema,
  type PhotoUpdate,
} from '../../../common/photos.ts';
import { serveAction, serveForm } from '../../lib/actions.ts';
import { contextOf, type Ctx } from '../../lib/context.ts';
import { assertFound, fail } from '../../lib/errors.ts';
import { consumeUploadAllowance, processPhoto, readUpload } from '../../lib/images.ts';
import { removePhotoFiles, type PhotoSubject } from '../../lib/photos.ts';
import { registerPhotoUploadForm } from './photos.forms.ts';
import { addPhoto, deletePhoto, getPhoto, photoCount, subjectAuthor, updatePhoto } from './photos.db.ts';

const subjectParams = z.object({ subjectType: z.enum(PHOTO_SUBJECT_TYPES), subjectId: z.string().max(100) });

/**
 * Photos of items, sessions and condition reports (issue 20, item 5): added, described, made the
 * cover and deleted by the item's author or an admin. They are read with their item.
 */
export async function photosRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['photos'];

  /** The signed-in author of a subject the caller may see, or an admin: 401, then 404 (hidden or missing), then 403. */
  async function requireSubjectEditor(ctx: Ctx, subject: PhotoSubject) {
    const user = await ctx.requireUser();
    const found = UUID_PATTERN.test(subject.id) ? await subjectAuthor(ctx.db, subject, user) : undefined;
    if (!found) fail('CONTENT_NOT_FOUND');
    if (user.role !== 'admin' && found.authorId !== user.id) fail('FORBIDDEN');
    return user;
  }

  async function requirePhotoEditor(ctx: Ctx, id: string) {
    await ctx.requireUser();
    const found = assertFound(UUID_PATTERN.test(id) ? await getPhoto(ctx.db, id.toLowerCase()) : undefined);
    await requireSubjectEditor(ctx, found.subject);
    return found;
  }

  /** Adds the photo `request` uploads (multipart) to the subject its address names: the JSON route's work and the plain form's. */
  async function upload(request: FastifyRequest) {
    const params = request.params as z.infer<typeof subjectParams>;
    const subject = { type: params.subjectType, id: params.subjectId.toLowerCase() };
    const user = await requireSubjectEditor(contextOf(request), subject);
    // Refused before the upload is read or counted: an 11th photo stores nothing.
    if ((await photoCount(app.db, subject)) >= MAX_PHOTOS) fail('PHOTOS_TOO_MANY');
    await consumeUploadAllowance(app, request);
    const { data, fields } = await readUpload(request);
    const alt = photoAlt.safeParse(fields.alt ?? '');
    if (!alt.success) fail('TOO_LONG');
    const variants = await processPhoto(data, PHOTO_WIDTHS);
    const urls = await Promise.all(variants.map((v) => app.storage.put('photos', v.object)));
    const largest = variants.at(-1)!;
    const files = Object.fromEntries(variants.map((v, i) => [String(v.width), urls[i]!]));
    const photo = await addPhoto(app.db, subject, { alt: alt.data, variants: files, width: largest.width, height: largest.height, authorId: user.id }).catch(
      async (error: unknown) => {
        await removePhotoFiles(app.storage, [files]);
        throw error;
      },
    );
    // Another upload took the last place meanwhile.
    if (!photo) {
      await removePhotoFiles(app.storage, [files]);
      fail('PHOTOS_TOO_MANY');
    }
    return photo;
  }

  r.post(
    '/api/photos/:subjectType/:subjectId',
    { schema: { tags, params: subjectParams, consumes: ['multipart/form-data'], response: { 201: photoSchema } } },
    async (request, reply) => reply.status(201).send(await upload(request)),
  );
  registerPhotoUploadForm(app, subjectParams, upload);

  async function update(ctx: Ctx, id: string, change: PhotoUpdate) {
    const { subject } = await requirePhotoEditor(ctx, id);
    return updatePhoto(ctx.db, id.toLowerCase(), subject, change);
  }

  serveAction(app, describePhotoWithInput, { tags, response: photoSchema }, (ctx, { id, ...change }) => update(ctx, id, change));
  // Making the cover has no route of its own (common/photos-basics.ts): the app sends `cover: true` to
  // the route above, so only its plain form is served.
  serveForm(app, coverPhotoWithInput, (ctx, { id }) => update(ctx, id, { cover: true }));

  serveAction(app, deletePhotoWithInput, { tags, response: z.null(), status: 204 }, async (ctx, { id }) => {
    const { subject, variants } = await requirePhotoEditor(ctx, id);
    await deletePhoto(ctx.db, id.toLowerCase(), subject);
    await removePhotoFiles(app.storage, [variants]);
    return null;
  });
}
