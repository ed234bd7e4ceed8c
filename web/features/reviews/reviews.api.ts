import { queryOptions, useQuery } from '@tanstack/react-query';
import { REVIEW_CATEGORIES, type ReviewCategory } from '../../../common/reviews-basics.ts';
import type { Review, ReviewInput, ReviewUpdate } from '../../../common/reviews.ts';
import { REVIEW_PAGE_SIZE } from '../../../common/paging.ts';
import { api, ApiError } from '../../lib/api.ts';
import { choiceParam, textParam } from '../../lib/content-list.ts';
import { sectionApi } from '../../lib/section-api.ts';

/** A discipline's reviews are searched and filtered on the server. */
export type ReviewFilters = { q: string; category: ReviewCategory | '' };

/** The reviews page's filters, as its address has them (the page and its route both read them here). */
export const reviewFiltersFrom = (search: URLSearchParams): ReviewFilters => ({
  q: textParam(search, 'q'),
  category: choiceParam(search, 'category', REVIEW_CATEGORIES),
});

const reviews = sectionApi<Review, ReviewInput, ReviewUpdate, ReviewFilters>('reviews', REVIEW_PAGE_SIZE);

export const reviewKeys = reviews.keys;

export const reviewQueries = {
  list: reviews.queries.list,
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

export function useReview(id: string) {
  return useQuery(reviewQueries.detail(id));
}

export const { useList: useReviewList, useCreate: useCreateReview, useUpdate: useUpdateReview, useDelete: useDeleteReview } = reviews;
