import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { setupAdminResultSchema } from '../../../common/admin-settings.ts';
import { fail } from '../../lib/errors.ts';
import { ensureAdmin } from './setup-admin.db.ts';

/** /setup-admin asks for this on opening: no session needed, it only ever makes the first admin. */
export async function setupAdminRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/setup-admin', { config: { cache: 'no-store' }, schema: { tags: ['admin'], response: { 200: setupAdminResultSchema } } }, async (request) => {
      await app.limiter.consume(`setup-admin:ip:${request.ip}`, { max: 10, windowSeconds: 600 });
      const { status } = await ensureAdmin({ db: app.db, auth: app.auth, admin: app.config.admin, log: app.log });
      if (status === 'email-taken') fail('ADMIN_EMAIL_TAKEN');
      // Only the status: the generated password went to the server log, never to a browser.
      return { status };
    });
}
