import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONTENT_TYPES, type ContentType } from '../../../common/content-basics.ts';
import { COMMENT_PAGE_SIZE } from '../../../common/paging.ts';
import {
  UUID_PATTERN,
  commentPageSchema,
  commentSchema,
  commentWithInput,
  deleteCommentWithInput,
  likeResultSchema,
  likeWithInput,
  rateWithInput,
  ratingSummarySchema,
  unlikeWithInput,
  unrateWithInput,
} from '../../../common/content.ts';
import { limitAction } from '../../lib/action-limits.ts';
import { blockedBetween } from '../../lib/blocks.ts';
import { isVisible, isVisibleOnce } from '../../lib/content.ts';
import type { Ctx } from '../../lib/context.ts';
import { serveAction } from '../../lib/actions.ts';
import { fail } from '../../lib/errors.ts';
import { read } from '../../lib/reads.ts';
import { contentSubject } from '../notifications/index.ts';
import { addComment, deleteComment, getComment, listComments, setLike, setRating } from './reactions.db.ts';

// Per person: generous for conversation, low enough to stop a flood.
const COMMENTS_PER_10_MIN = 30;

const itemParams = z.object({ type: z.enum(CONTENT_TYPES), id: z.string().max(100) });
const commentsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(COMMENT_PAGE_SIZE)
    .transform((n) => Math.min(n, 50)),
});

/** Likes, comments and ratings of every kind of content, through one mechanism. */
export async function reactionsRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['reactions'];

  /** The item, when the caller may see it: hidden, missing and malformed ids all answer 404. */
  async function visibleItem(ctx: Ctx, params: { type: ContentType; id: string }) {
    const viewer = await ctx.viewer();
    if (!UUID_PATTERN.test(params.id) || !(await isVisibleOnce(ctx, params.type, params.id, viewer))) fail('CONTENT_NOT_FOUND');
    return { type: params.type, id: params.id.toLowerCase() };
  }

  async function signedInOnVisibleItem(ctx: Ctx, params: { type: ContentType; id: string }) {
    const user = await ctx.requireUser();
    return { user, item: await visibleItem(ctx, params) };
  }

  /** Liking, commenting on or rating the things of someone on the other side of a block is refused (checklist line 38). */
  async function notBlockedByAuthor(ctx: Ctx, userId: string, item: { type: ContentType; id: string }) {
    const authorId = (await contentSubject(ctx.db, item.type, item.id))?.authorId;
    if (authorId && (await blockedBetween(ctx.db, userId, authorId))) fail('BLOCKED');
  }

  serveAction(app, likeWithInput, { tags, response: likeResultSchema }, async (ctx, params) => {
    const { user, item } = await signedInOnVisibleItem(ctx, params);
    // A refused like does not use up the allowance.
    await notBlockedByAuthor(ctx, user.id, item);
    await limitAction(ctx.app, 'like', user.id);
    return setLike(ctx.db, item, user.id, true);
  });

  serveAction(app, unlikeWithInput, { tags, response: likeResultSchema }, async (ctx, params) => {
    const { user, item } = await signedInOnVisibleItem(ctx, params);
    await limitAction(ctx.app, 'like', user.id);
    return setLike(ctx.db, item, user.id, false);
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

  serveAction(app, commentWithInput, { tags, response: commentSchema, status: 201 }, async (ctx, { body, ...params }) => {
    const { user, item } = await signedInOnVisibleItem(ctx, params);
    await notBlockedByAuthor(ctx, user.id, item);
    await ctx.app.limiter.consume(`comments:user:${user.id}`, { max: COMMENTS_PER_10_MIN, windowSeconds: 600 });
    return addComment(ctx.db, item, user, body);
  });

  serveAction(app, deleteCommentWithInput, { tags, response: z.null(), status: 204 }, async (ctx, { id }) => {
    const user = await ctx.requireUser();
    const comment = UUID_PATTERN.test(id) ? await getComment(ctx.db, id) : undefined;
    if (!comment || !(await isVisible(ctx.db, comment.item_type as ContentType, comment.item_id, user))) fail('NOT_FOUND');
    if (user.role !== 'admin' && comment.author_id !== user.id) fail('FORBIDDEN');
    await deleteComment(ctx.db, comment.id);
    return null;
  });

  serveAction(app, rateWithInput, { tags, response: ratingSummarySchema }, async (ctx, { score, ...params }) => {
    const { user, item } = await signedInOnVisibleItem(ctx, params);
    await notBlockedByAuthor(ctx, user.id, item);
    await limitAction(ctx.app, 'rating', user.id);
    return setRating(ctx.db, item, user, score);
  });

  serveAction(app, unrateWithInput, { tags, response: ratingSummarySchema }, async (ctx, params) => {
    const { user, item } = await signedInOnVisibleItem(ctx, params);
    await limitAction(ctx.app, 'rating', user.id);
    return setRating(ctx.db, item, user, null);
  });
}
