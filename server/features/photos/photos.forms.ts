import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FORM_ACTION_PREFIX, safeBack } from '../../../common/forms.ts';
import { pathOfReferer, sendBack } from '../../lib/actions.ts';
import { errorAnswer } from '../../lib/error-handler.ts';
import { fail } from '../../lib/errors.ts';

// A photo's own actions (delete, describe, make the cover) are defined once (common/photos-basics.ts).

/**
 * The photo upload as a plain form (`enctype="multipart/form-data"`, `?back=` naming the page), which
 * the urlencoded forms' route cannot carry: the same upload function as the JSON route's, answered
 * with a redirect and a flash like every form's.
 */
export function registerPhotoUploadForm(
  app: FastifyInstance,
  params: z.ZodType<{ subjectType: string; subjectId: string }>,
  upload: (request: FastifyRequest) => Promise<unknown>,
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    `${FORM_ACTION_PREFIX}photos/:subjectType/:subjectId`,
    // Checked in the handler, not by the route: a plain form is answered with a redirect, never a JSON 400.
    {
      schema: {
        hide: true,
        params: z.object({ subjectType: z.string().max(40), subjectId: z.string().max(100) }),
        querystring: z.object({ back: z.string().max(2000).optional() }),
      },
    },
    async (request, reply) => {
      const back = safeBack(request.query.back ?? pathOfReferer(request));
      try {
        const subject = params.safeParse(request.params);
        if (!subject.success) fail('CONTENT_NOT_FOUND');
        if (!request.isMultipart()) fail('VALIDATION_ERROR');
        request.params = subject.data;
        await upload(request);
        return sendBack(request, reply, { kind: 'success', title: 'photos.added' }, back);
      } catch (error) {
        const { status, headers, body } = errorAnswer(error as Parameters<typeof errorAnswer>[0], request.log);
        if (status === 401) return sendBack(request, reply, { kind: 'error', title: 'content.loginRequired' }, `/login?next=${encodeURIComponent(back)}`);
        const seconds = body.code === 'RATE_LIMITED' ? { params: { seconds: headers['retry-after'] ?? '60' } } : {};
        return sendBack(request, reply, { kind: 'error', title: `errors.${body.code}`, ...seconds }, back);
      }
    },
  );
}
