import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { requireAdmin } from './session.ts';

export const ADMIN_PREFIX = '/api/admin/';

/**
 * The one admin guard (fastify/demo's autohooks pattern): an encapsulated plugin whose hook runs for
 * every route registered inside it and for no other. server/app.ts lists the admin route modules in
 * its registration, the one place where they are named; none of them checks the role itself.
 * Anonymous callers get 401 and signed-in users 403 before the body is parsed or validated, so that
 * they learn nothing of what a route expects. A route outside /api/admin/ cannot be registered in
 * here (the server would not start), and server/features/admin/admin-authorization.test.ts walks the
 * OpenAPI document so that no /api/admin/ route is left outside.
 */
export async function adminApi(app: FastifyInstance, { routes }: { routes: FastifyPluginAsync[] }): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(ADMIN_PREFIX)) throw new Error(`${route.method} ${route.url} is not an admin route: register it outside adminApi`);
  });
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request);
  });
  for (const plugin of routes) await app.register(plugin);
}
