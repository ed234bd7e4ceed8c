import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withInput } from '../../../common/actions.ts';
import { sendContactAction } from '../../../common/contact-basics.ts';
import { contactSchema } from '../../../common/schemas.ts';
import { serveAction } from '../../lib/actions.ts';
import { saveContactMessage } from './contact.db.ts';

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  serveAction(
    app,
    withInput(sendContactAction, contactSchema),
    { tags: ['contact'], response: z.object({ id: z.string() }), status: 201 },
    async (ctx, input) => {
      await ctx.app.limiter.consume(`contact:ip:${ctx.ip}`, { max: 5, windowSeconds: 600 });
      const user = await ctx.user();
      return { id: await saveContactMessage(ctx.db, { ...input, userId: user?.id ?? null }) };
    },
  );
}
