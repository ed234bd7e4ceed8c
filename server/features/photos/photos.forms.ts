import type { FastifyInstance } from 'fastify';
import { FORM_ACTION_PREFIX, safeBack } from '../../../common/forms.ts';
import { pathOfReferer, sendBack } from '../../lib/actions.ts';
import { errorAnswer } from '../../lib/error-handler.ts';
import { fail } from '../../lib/errors.ts';
import { callRoute } from '../../lib/forms.ts';
import { MAX_REQUEST_BYTES } from '../../lib/images.ts';

// A photo's own actions (delete, describe, make the cover) are defined once (common/photos-basics.ts).

/** The request's body when it is at most `max` bytes, else undefined (the rest is left unread). */
async function bodyWithin(stream: AsyncIterable<Buffer>, max: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > max) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The photo upload as a plain form (`enctype="multipart/form-data"`, `?back=` naming the page), which
 * the urlencoded forms' route cannot carry: its body goes to the API as it came, with the sender's
 * cookies and origin, and the answer comes back as a redirect and a flash like every form's.
 */
export function registerPhotoUploadForm(app: FastifyInstance): void {
  app.post<{ Params: { subjectType: string; subjectId: string }; Querystring: { back?: string } }>(
    `${FORM_ACTION_PREFIX}photos/:subjectType/:subjectId`,
    { schema: { hide: true } },
    async (request, reply) => {
      const back = safeBack(typeof request.query.back === 'string' ? request.query.back : pathOfReferer(request));
      const url = `/api/photos/${encodeURIComponent(request.params.subjectType)}/${encodeURIComponent(request.params.subjectId)}`;
      const payload = request.isMultipart() ? await bodyWithin(request.raw, MAX_REQUEST_BYTES) : Buffer.alloc(0);
      try {
        if (!payload) fail('FILE_TOO_LARGE', { status: 413 });
        await callRoute(request, reply, { method: 'POST', url, payload, contentType: request.headers['content-type'] ?? 'application/octet-stream' });
        return sendBack(request, reply, { kind: 'success', title: 'photos.added' }, back);
      } catch (error) {
        const { status, body } = errorAnswer(error as Parameters<typeof errorAnswer>[0], request.log);
        if (status === 401) return sendBack(request, reply, { kind: 'error', title: 'content.loginRequired' }, `/login?next=${encodeURIComponent(back)}`);
        return sendBack(request, reply, { kind: 'error', title: `errors.${body.code}` }, back);
      }
    },
  );
}
