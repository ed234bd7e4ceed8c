import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UUID_PATTERN } from '../../../common/content.ts';
import { MAX_PHOTOS, PHOTO_SUBJECT_TYPES, PHOTO_WIDTHS, photoAlt, photoSchema, photoUpdateSchema } from '../../../common/photos.ts';
import { idParams } from '../../lib/content-routes.ts';
import { assertFound, fail } from '../../lib/errors.ts';
import { consumeUploadAllowance, processPhoto, readUpload } from '../../lib/images.ts';
import { removePhotoFiles, type PhotoSubject } from '../../lib/photos.ts';
import { requireUser } from '../../lib/session.ts';
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
  async function requireSubjectEditor(request: FastifyRequest, subject: PhotoSubject) {
    const user = await requireUser(request);
    const found = UUID_PATTERN.test(subject.id) ? await subjectAuthor(app.db, subject, user) : undefined;
    if (!found) fail('CONTENT_NOT_FOUND');
    if (user.role !== 'admin' && found.authorId !== user.id) fail('FORBIDDEN');
    return user;
  }

  async function requirePhotoEditor(request: FastifyRequest, id: string) {
    await requireUser(request);
    const found = assertFound(UUID_PATTERN.test(id) ? await getPhoto(app.db, id.toLowerCase()) : undefined);
    await requireSubjectEditor(request, found.subject);
    return found;
  }

  r.post(
    '/api/photos/:subjectType/:subjectId',
    { schema: { tags, params: subjectParams, consumes: ['multipart/form-data'], response: { 201: photoSchema } } },
    async (request, reply) => {
      const subject = { type: request.params.subjectType, id: request.params.subjectId.toLowerCase() };
      const user = await requireSubjectEditor(request, subject);
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
      return reply.status(201).send(photo);
    },
  );

  r.patch('/api/photos/:id', { schema: { tags, params: idParams, body: photoUpdateSchema, response: { 200: photoSchema } } }, async (request) => {
    const { subject } = await requirePhotoEditor(request, request.params.id);
    return updatePhoto(app.db, request.params.id.toLowerCase(), subject, request.body);
  });

  r.delete('/api/photos/:id', { schema: { tags, params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    const { subject, variants } = await requirePhotoEditor(request, request.params.id);
    await deletePhoto(app.db, request.params.id.toLowerCase(), subject);
    await removePhotoFiles(app.storage, [variants]);
    return reply.status(204).send(null);
  });
}
