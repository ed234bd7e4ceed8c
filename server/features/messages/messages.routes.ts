import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationIdSchema,
  conversationParamsSchema,
  conversationSchema,
  conversationSummarySchema,
  markReadSchema,
  messagePageQuerySchema,
  messagePageSchema,
  messageSchema,
  sendMessageSchema,
  startConversationSchema,
  unreadCountSchema,
} from '../../../common/messages.ts';
import { blockedBetween, setBlock } from '../../lib/blocks.ts';
import { fail } from '../../lib/errors.ts';
import { profileIsVisible } from '../../lib/people.ts';
import { read } from '../../lib/reads.ts';
import { requireUser } from '../../lib/session.ts';
import { getConversation, getOrCreateConversation, listConversations, listMessages, markRead, membership, sendMessage, unreadCount } from './messages.db.ts';

const MESSAGE_LIMITS = [
  { name: 'minute', max: 30, windowSeconds: 60 },
  { name: 'day', max: 500, windowSeconds: 86_400 },
] as const;

const profileParams = z.object({ id: z.string().min(1).max(100) });

export async function messagesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];

  /** The conversation if the caller is in it; anyone else learns nothing about it (404). */
  const mine = async (userId: string, id: string) => {
    const m = await membership(app.db, userId, id);
    if (!m) fail('NOT_FOUND');
    return m;
  };

  r.post(
    '/api/conversations',
    { schema: { tags, body: startConversationSchema, response: { 200: conversationIdSchema, 201: conversationIdSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const otherId = request.body.userId;
      if (otherId === user.id) fail('VALIDATION_ERROR', { message: 'You cannot message yourself.' });
      if (!(await profileIsVisible(app.db, otherId))) fail('USER_NOT_FOUND');
      if (await blockedBetween(app.db, user.id, otherId)) fail('BLOCKED');
      const { id, created } = await getOrCreateConversation(app.db, user.id, otherId);
      return reply.code(created ? 201 : 200).send({ id });
    },
  );

  read(app, '/api/conversations', { tags, cache: 'no-store', response: z.array(conversationSummarySchema) }, async (ctx) => {
    const user = await ctx.requireUser();
    return listConversations(ctx.db, user.id);
  });

  read(app, '/api/conversations/unread-count', { tags, cache: 'no-store', response: unreadCountSchema }, async (ctx) => {
    const user = await ctx.requireUser();
    return { count: await unreadCount(ctx.db, user.id) };
  });

  read(app, '/api/conversations/:id', { tags, cache: 'no-store', params: conversationParamsSchema, response: conversationSchema }, async (ctx, { params }) => {
    const user = await ctx.requireUser();
    return getConversation(ctx.db, user.id, await mine(user.id, params.id));
  });

  read(
    app,
    '/api/conversations/:id/messages',
    { tags, cache: 'no-store', params: conversationParamsSchema, query: messagePageQuerySchema, response: messagePageSchema },
    async (ctx, { params, query }) => {
      const user = await ctx.requireUser();
      const m = await mine(user.id, params.id);
      return listMessages(ctx.db, m.id, query.before, query.limit);
    },
  );

  r.post(
    '/api/conversations/:id/messages',
    { schema: { tags, params: conversationParamsSchema, body: sendMessageSchema, response: { 201: messageSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const m = await mine(user.id, request.params.id);
      if (await blockedBetween(app.db, user.id, m.otherId)) fail('BLOCKED');
      for (const limit of MESSAGE_LIMITS) await app.limiter.consume(`message-${limit.name}:${user.id}`, limit);
      const sent = await sendMessage(app.db, user.id, m, request.body.body);
      if (sent === 'blocked') fail('BLOCKED');
      return reply.code(201).send(sent);
    },
  );

  r.post('/api/conversations/:id/read', { schema: { tags, params: conversationParamsSchema, body: markReadSchema } }, async (request, reply) => {
    const user = await requireUser(request);
    const m = await mine(user.id, request.params.id);
    await markRead(app.db, user.id, m, request.body.messageId);
    return reply.code(204).send();
  });

  for (const [method, block] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    r.route({
      method,
      url: '/api/profiles/:id/block',
      schema: { tags, params: profileParams },
      handler: async (request, reply) => {
        const user = await requireUser(request);
        if (user.id === request.params.id) fail('VALIDATION_ERROR', { message: 'You cannot block yourself.' });
        // Unblocking stays possible after the other account was banned.
        if (block && !(await profileIsVisible(app.db, request.params.id))) fail('USER_NOT_FOUND');
        await setBlock(app.db, user.id, request.params.id, block);
        return reply.code(204).send();
      },
    });
  }
}
