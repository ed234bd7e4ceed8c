import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withInput } from '../../../common/actions.ts';
import { setupAdminResultSchema } from '../../../common/admin-settings.ts';
import { setupAdminAction } from '../../../common/auth-basics.ts';
import { serveAction } from '../../lib/actions.ts';
import { fail } from '../../lib/errors.ts';
import { ensureAdmin } from './setup-admin.db.ts';

/** /setup-admin asks for this on opening: no session needed, it only ever makes the first admin. */
export async function setupAdminRoutes(app: FastifyInstance): Promise<void> {
  serveAction(app, withInput(setupAdminAction, z.object({})), { tags: ['admin'], response: setupAdminResultSchema, cache: 'no-store' }, async (ctx) => {
    await app.limiter.consume(`setup-admin:ip:${ctx.ip}`, { max: 10, windowSeconds: 600 });
    const { status } = await ensureAdmin({ db: app.db, auth: app.auth, admin: app.config.admin, log: app.log });
    if (status === 'email-taken') fail('ADMIN_EMAIL_TAKEN');
    // Only the status: the generated password went to the server log, never to a browser.
    return { status };
  });
}
