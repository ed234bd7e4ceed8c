import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APIError } from 'better-auth/api';
import { z } from 'zod';
import {
  adminUserCreatedSchema,
  adminUserCreateSchema,
  adminUserIdSchema,
  adminUserListQuerySchema,
  adminUserPageSchema,
  adminUserSchema,
  adminUserUpdateSchema,
  type AdminUserCreate,
} from '../../../common/admin-users.ts';
import { assertFound, fail } from '../../lib/errors.ts';
import { read } from '../../lib/reads.ts';
import { getUser, listUsers, updateUser } from './admin-users.db.ts';

const DUPLICATE_CODES = new Set(['USER_ALREADY_EXISTS', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL']);

/**
 * A real e-mail and password account made by better-auth (its argon2id hasher, its credential row),
 * verified at once: the admin vouches for the address, so no confirmation mail is sent.
 */
async function createAccount(app: FastifyInstance, input: AdminUserCreate): Promise<string> {
  try {
    const { user } = await app.auth.api.createUser({
      body: { name: input.name, email: input.email, password: input.password, role: input.role, data: { emailVerified: true } },
    });
    return user.id;
  } catch (error) {
    if (error instanceof APIError && DUPLICATE_CODES.has(String(error.body?.code))) fail('USER_ALREADY_EXISTS');
    // Two creations with one address at once: the unique index refuses the second.
    if ((error as { code?: string }).code === '23505') fail('USER_ALREADY_EXISTS');
    throw error;
  }
}

/** Admin › Users: accounts listed, created, renamed, promoted or demoted, and deleted as self-deletion does. */
export async function adminUsersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const params = adminUserIdSchema;

  read(app, '/api/admin/users', { tags, query: adminUserListQuerySchema, response: adminUserPageSchema }, (ctx, { query }) => listUsers(ctx.db, query));

  r.post('/api/admin/users', { schema: { tags, body: adminUserCreateSchema, response: { 201: adminUserCreatedSchema } } }, async (request, reply) => {
    const id = await createAccount(app, request.body);
    return reply.status(201).send({ id });
  });

  read(app, '/api/admin/users/:id', { tags, params, response: adminUserSchema }, async (ctx, { params }) =>
    assertFound(await getUser(ctx.db, params.id), 'USER_NOT_FOUND'),
  );

  r.patch('/api/admin/users/:id', { schema: { tags, params, body: adminUserUpdateSchema, response: { 200: adminUserSchema } } }, async (request) => {
    const updated = await updateUser(app.db, request.params.id, request.body);
    if (updated === 'not-found') fail('USER_NOT_FOUND');
    if (updated === 'last-admin') fail('LAST_ADMIN');
    return updated;
  });

  r.delete('/api/admin/users/:id', { schema: { tags, params, response: { 204: z.null() } } }, async (request, reply) => {
    await app.auth.removeAccount(request.params.id);
    return reply.status(204).send(null);
  });
}
