import type { FastifyInstance } from 'fastify';
import { FORM_ACTION_PREFIX, safeBack } from '../../../common/forms.ts';
import { answerForm, pathOfReferer, senderHeaders, type FormAction } from '../../lib/forms.ts';
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
      const action: FormAction = { method: 'POST', path: () => url, done: { kind: 'success', title: 'photos.added' } };
      const payload = request.isMultipart() ? await bodyWithin(request.raw, MAX_REQUEST_BYTES) : Buffer.alloc(0);
      const answer = payload
        ? await app.inject({
            method: 'POST',
            url,
            headers: { ...senderHeaders(request), 'content-type': request.headers['content-type'] ?? 'application/octet-stream' },
            remoteAddress: request.ip,
            payload,
          })
        : { statusCode: 413, body: JSON.stringify({ code: 'FILE_TOO_LARGE' }), headers: {} };
      return answerForm(request, reply, action, answer, new URLSearchParams(), back);
    },
  );
}
