import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REVIEW_CATEGORIES, type ReviewCategory } from '../../../common/reviews-basics.ts';
import type { Review, ReviewInput, ReviewUpdate } from '../../../common/reviews.ts';
import { REVIEW_PAGE_SIZE } from '../../../common/paging.ts';
import { api, ApiError } from '../../lib/api.ts';
import { choiceParam, contentListQuery, textParam, useContentList } from '../../lib/content-list.ts';

export const reviewKeys = {
  all: ['reviews'] as const,
  lists: ['reviews', 'list'] as const,
  list: (disciplineId: string) => ['reviews', 'list', disciplineId] as const,
  detail: (id: string) => ['reviews', 'detail', id] as const,
};

/** One request per page of a discipline's reviews, searched and filtered on the server. */
export type ReviewFilters = { q: string; category: ReviewCategory | '' };

/** The reviews page's filters, as its address has them (the page and its route both read them here). */
export const reviewFiltersFrom = (search: URLSearchParams): ReviewFilters => ({ q: textParam(search, 'q'), category: choiceParam(search, 'category', REVIEW_CATEGORIES) });

export const reviewQueries = {
  list: (disciplineId: string, filters: ReviewFilters) =>
    contentListQuery<Review>(reviewKeys.list(disciplineId), `/api/disciplines/${encodeURIComponent(disciplineId)}/reviews`, filters, REVIEW_PAGE_SIZE),
  /** The review, or null when it does not exist or is hidden from the viewer. */
  detail: (id: string) =>
    queryOptions({
      queryKey: reviewKeys.detail(id),
      queryFn: async ({ signal }) => {
        try {
          return await api<Review>(`/api/reviews/${encodeURIComponent(id)}`, { signal });
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      },
    }),
};

export function useReviewList(disciplineId: string, filters: ReviewFilters) {
  return useContentList(reviewQueries.list(disciplineId, filters));
}

export function useReview(id: string) {
  return useQuery(reviewQueries.detail(id));
}

export function useCreateReview(disciplineId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => api<Review>(`/api/disciplines/${encodeURIComponent(disciplineId)}/reviews`, { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

export function useUpdateReview(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ReviewUpdate) => api<Review>(`/api/reviews/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes }),
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

export function useDeleteReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/reviews/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    // The detail stays cached until the page has left it, so it does not flash 'Content not found'.
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.lists }),
  });
}
