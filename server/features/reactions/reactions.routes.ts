import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_TYPES, type ContentType } from '../../../common/content-basics.ts';
import { COMMENT_PAGE_SIZE } from '../../../common/paging.ts';
import { UUID_PATTERN, commentInputSchema, commentPageSchema, commentSchema, likeResultSchema, ratingInputSchema, ratingSummarySchema } from '../../../common/content.ts';
import { limitAction } from '../../lib/action-limits.ts';
import { blockedBetween } from '../../lib/blocks.ts';
import { isVisible, isVisibleOnce } from '../../lib/content.ts';
import { contextOf, type Ctx } from '../../lib/context.ts';
import { fail } from '../../lib/errors.ts';
import { read } from '../../lib/reads.ts';
import { requireUser } from '../../lib/session.ts';
import { contentSubject } from '../notifications/index.ts';
import { addComment, deleteComment, getComment, listComments, setLike, setRating } from './reactions.db.ts';

// Per person: generous for conversation, low enough to stop a flood.
const COMMENTS_PER_10_MIN = 30;

const itemParams = z.object({ type: z.enum(CONTENT_TYPES), id: z.string().max(100) });
const commentsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).default(COMMENT_PAGE_SIZE).transform((n) => Math.min(n, 50)),
});


/** Likes, comments and ratings of every kind of content, through one mechanism. */
export async function reactionsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reactions'];

  /** The item, when the caller may see it: hidden, missing and malformed ids all answer 404. */
  async function visibleItem(ctx: Ctx, params: { type: ContentType; id: string }) {
    const viewer = await ctx.viewer();
    if (!UUID_PATTERN.test(params.id) || !(await isVisibleOnce(ctx, params.type, params.id, viewer))) fail('CONTENT_NOT_FOUND');
    return { type: params.type, id: params.id.toLowerCase() };
  }

  async function signedInOnVisibleItem(request: FastifyRequest, params: { type: ContentType; id: string }) {
    const user = await requireUser(request);
    return { user, item: await visibleItem(contextOf(request), params) };
  }

  /** Liking, commenting on or rating the things of someone on the other side of a block is refused (checklist line 38). */
  async function notBlockedByAuthor(userId: string, item: { type: ContentType; id: string }) {
    const authorId = (await contentSubject(app.db, item.type, item.id))?.authorId;
    if (authorId && (await blockedBetween(app.db, userId, authorId))) fail('BLOCKED');
  }

  r.put('/api/content/:type/:id/like', { schema: { tags, params: itemParams, response: { 200: likeResultSchema } } }, async (request) => {
    const { user, item } = await signedInOnVisibleItem(request, request.params);
    // A refused like does not use up the allowance.
    await notBlockedByAuthor(user.id, item);
    await limitAction(app, 'like', user.id);
    return setLike(app.db, item, user.id, true);
  });

  r.delete('/api/content/:type/:id/like', { schema: { tags, params: itemParams, response: { 200: likeResultSchema } } }, async (request) => {
    const { user, item } = await signedInOnVisibleItem(request, request.params);
    await limitAction(app, 'like', user.id);
    return setLike(app.db, item, user.id, false);
  });

  read(
    app,
    '/api/content/:type/:id/comments',
    { tags, cache: 'public', params: itemParams, query: commentsQuery, response: commentPageSchema },
    async (ctx, { params, query }) => {
      const item = await visibleItem(ctx, params);
      return listComments(ctx.db, item, query, await ctx.viewer());
    },
  );

  r.post(
    '/api/content/:type/:id/comments',
    { schema: { tags, params: itemParams, body: commentInputSchema, response: { 201: commentSchema } } },
    async (request, reply) => {
      const { user, item } = await signedInOnVisibleItem(request, request.params);
      await notBlockedByAuthor(user.id, item);
      await app.limiter.consume(`comments:user:${user.id}`, { max: COMMENTS_PER_10_MIN, windowSeconds: 600 });
      return reply.status(201).send(await addComment(app.db, item, user, request.body.body));
    },
  );

  r.delete('/api/comments/:id', { schema: { tags, params: z.object({ id: z.string().max(100) }), response: { 204: z.null() } } }, async (request, reply) => {
    const user = await requireUser(request);
    const comment = UUID_PATTERN.test(request.params.id) ? await getComment(app.db, request.params.id) : undefined;
    if (!comment || !(await isVisible(app.db, comment.item_type as ContentType, comment.item_id, user))) fail('NOT_FOUND');
    if (user.role !== 'admin' && comment.author_id !== user.id) fail('FORBIDDEN');
    await deleteComment(app.db, comment.id);
    return reply.status(204).send(null);
  });

  r.put(
    '/api/content/:type/:id/rating',
    { schema: { tags, params: itemParams, body: ratingInputSchema, response: { 200: ratingSummarySchema } } },
    async (request) => {
      const { user, item } = await signedInOnVisibleItem(request, request.params);
      await notBlockedByAuthor(user.id, item);
      await limitAction(app, 'rating', user.id);
      return setRating(app.db, item, user, request.body.score);
    },
  );

  r.delete('/api/content/:type/:id/rating', { schema: { tags, params: itemParams, response: { 200: ratingSummarySchema } } }, async (request) => {
    const { user, item } = await signedInOnVisibleItem(request, request.params);
    await limitAction(app, 'rating', user.id);
    return setRating(app.db, item, user, null);
  });
}
