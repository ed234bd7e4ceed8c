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

  r.get('/api/conversations', { config: { cache: 'no-store' }, schema: { tags, response: { 200: z.array(conversationSummarySchema) } } }, async (request) => {
    const user = await requireUser(request);
    return listConversations(app.db, user.id);
  });

  r.get('/api/conversations/unread-count', { config: { cache: 'no-store' }, schema: { tags, response: { 200: unreadCountSchema } } }, async (request) => {
    const user = await requireUser(request);
    return { count: await unreadCount(app.db, user.id) };
  });

  r.get('/api/conversations/:id', { config: { cache: 'no-store' }, schema: { tags, params: conversationParamsSchema, response: { 200: conversationSchema } } }, async (request) => {
    const user = await requireUser(request);
    return getConversation(app.db, user.id, await mine(user.id, request.params.id));
  });

  r.get(
    '/api/conversations/:id/messages',
    { config: { cache: 'no-store' }, schema: { tags, params: conversationParamsSchema, querystring: messagePageQuerySchema, response: { 200: messagePageSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const m = await mine(user.id, request.params.id);
      return listMessages(app.db, m.id, request.query.before, request.query.limit);
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

  for (const [method, block] of [['PUT', true], ['DELETE', false]] as const) {
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
