import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { adminApi } from './admin-guard.ts';

test('a route outside /api/admin/ cannot be registered behind the admin guard: the server does not start', async () => {
  const app = Fastify({ logger: false });
  await expect(
    app.register(adminApi, {
      routes: [
        async (inner) => {
          inner.get('/api/admin/fine', async () => ({}));
          inner.get('/api/teams', async () => ({}));
        },
      ],
    }),
  ).rejects.toThrow('GET /api/teams is not an admin route');
  await app.close();
});
