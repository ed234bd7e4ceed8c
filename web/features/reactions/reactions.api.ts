import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentType } from '../../../common/content-basics.ts';
import { actionRequest } from '../../../common/actions.ts';
import { commentAction, deleteCommentAction, likeAction, rateAction, unlikeAction, unrateAction } from '../../../common/reactions-basics.ts';
import { COMMENT_PAGE_SIZE, hasNextPage } from '../../../common/paging.ts';
import type { Comment, CommentPage, LikeResult, RatingSummary } from '../../../common/content.ts';
import { api, sendAction } from '../../lib/api.ts';
import { sendOrQueue } from '../../lib/outbox.ts';
import { useMe } from '../../lib/session.ts';

export const reactionKeys = {
  comments: (type: ContentType, id: string) => ['reactions', 'comments', type, id] as const,
};

const itemUrl = (type: ContentType, id: string) => `/api/content/${type}/${encodeURIComponent(id)}`;

export function useSetLike(type: ContentType, id: string, label: string) {
  const { user } = useMe();
  return useMutation({
    // Without a connection the like waits on the device (web/lib/outbox.ts), shown as given meanwhile.
    networkMode: 'always',
    mutationFn: (liked: boolean) =>
      sendOrQueue<LikeResult>({ userId: user?.id ?? '', ...actionRequest(liked ? likeAction : unlikeAction, { type, id }), label, invalidate: [] }),
  });
}

export const reactionQueries = {
  /** An item's comments, newest first, a page at a time. */
  comments: (type: ContentType, id: string) =>
    infiniteQueryOptions({
      queryKey: reactionKeys.comments(type, id),
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) =>
        api<CommentPage>(`${itemUrl(type, id)}/comments?${new URLSearchParams({ page: String(pageParam), limit: String(COMMENT_PAGE_SIZE) })}`, { signal }),
      getNextPageParam: (last) => (hasNextPage(last) ? last.page + 1 : undefined),
    }),
};

export function useComments(type: ContentType, id: string) {
  return useInfiniteQuery(reactionQueries.comments(type, id));
}

/** Adding or deleting a comment changes the counts on the item's cards too: every list refetches. */
export function useAddComment(type: ContentType, id: string, label: string) {
  const client = useQueryClient();
  const { user } = useMe();
  return useMutation({
    // Without a connection the comment waits on the device (web/lib/outbox.ts) and is sent later.
    // Run even offline (TanStack Query would pause it until the connection returns, in this tab only).
    networkMode: 'always',
    mutationFn: (body: string) =>
      sendOrQueue<Comment>({
        userId: user?.id ?? '',
        ...actionRequest(commentAction, { type, id, body }),
        label,
        invalidate: [reactionKeys.comments(type, id)],
      }),
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useDeleteComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => sendAction(deleteCommentAction, { id: commentId }),
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useSetRating(type: ContentType, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (score: number | null) => (score === null ? sendAction(unrateAction, { type, id }) : sendAction(rateAction, { type, id, score })),
    onSuccess: () => client.invalidateQueries(),
  });
}
