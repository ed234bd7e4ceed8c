import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactSchema } from '../../../common/schemas.ts';
import { currentUser } from '../../lib/session.ts';
import { saveContactMessage } from './contact.db.ts';

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/contact', { schema: { tags: ['contact'], body: contactSchema, response: { 201: z.object({ id: z.string() }) } } }, async (request, reply) => {
      await app.limiter.consume(`contact:ip:${request.ip}`, { max: 5, windowSeconds: 600 });
      const user = await currentUser(request);
      const id = await saveContactMessage(app.db, { ...request.body, userId: user?.id ?? null });
      return reply.status(201).send({ id });
    });
}
