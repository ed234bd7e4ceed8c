/**
 * The reactions' actions (likes, ratings, comments of every kind of content), defined once
 * (common/actions.ts): what pages need to offer them, without their schemas (common/content.ts gives
 * them their input). Nothing here imports zod or a schema module (decision 0009).
 */
import { defineAction } from './actions.ts';
import type { ContentType } from './content-basics.ts';

/** The item a like, a rating or a comment is about: the path's fields. */
type Item = { type: ContentType; id: string };

/** The answers, as common/content.ts's schemas give them (the schemas themselves stay out of pages). */
type LikeAnswer = { liked: boolean; likes: number };
type RatingAnswer = { average: number | null; count: number; mine: number | null };
type CommentAnswer = { id: string; body: string };

// No message for a like: the heart and the count on the page say it (as in the app).
export const likeAction = defineAction<Item, LikeAnswer>()({ name: 'like', method: 'PUT', path: '/api/content/:type/:id/like' });
export const unlikeAction = defineAction<Item, LikeAnswer>()({ name: 'unlike', method: 'DELETE', path: '/api/content/:type/:id/like' });

/** A 1-5 score; a plain form's star button sends its own `score`. */
export const rateAction = defineAction<Item & { score: number }, RatingAnswer>()({
  name: 'rate',
  method: 'PUT',
  path: '/api/content/:type/:id/rating',
  done: { kind: 'success', title: 'content.rated' },
});

export const unrateAction = defineAction<Item, RatingAnswer>()({
  name: 'unrate',
  method: 'DELETE',
  path: '/api/content/:type/:id/rating',
  done: { kind: 'success', title: 'content.rated' },
});

export const commentAction = defineAction<Item & { body: string }, CommentAnswer>()({
  name: 'comment',
  method: 'POST',
  path: '/api/content/:type/:id/comments',
  done: { kind: 'success', title: 'content.commentAdded' },
});

/** `id` is the comment's. */
export const deleteCommentAction = defineAction<{ id: string }, null>()({
  name: 'delete-comment',
  method: 'DELETE',
  path: '/api/comments/:id',
  done: { kind: 'success', title: 'content.commentDeleted' },
});
