import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Article, ArticleInput, ArticleSummary, ArticleUpdate } from '../../../common/articles.ts';
import { ARTICLE_PAGE_SIZE } from '../../../common/paging.ts';
import { api } from '../../lib/api.ts';
import { contentListQuery, textParam, useContentList } from '../../lib/content-list.ts';

export const articleKeys = {
  all: ['articles'] as const,
  list: (disciplineId: string) => ['articles', 'list', disciplineId] as const,
  detail: (id: string) => ['articles', 'detail', id] as const,
};

/** One request per page of a discipline's articles (cards only: excerpt, no body). */
export type ArticleFilters = { q: string };

/** The articles page's filters, as its address has them (the page and its route both read them here). */
export const articleFiltersFrom = (search: URLSearchParams): ArticleFilters => ({ q: textParam(search, 'q') });

export const articleQueries = {
  list: (disciplineId: string, filters: ArticleFilters) =>
    contentListQuery<ArticleSummary>(articleKeys.list(disciplineId), `/api/disciplines/${encodeURIComponent(disciplineId)}/articles`, filters, ARTICLE_PAGE_SIZE),
  detail: (id: string) =>
    queryOptions({
      queryKey: articleKeys.detail(id),
      queryFn: ({ signal }) => api<Article>(`/api/articles/${encodeURIComponent(id)}`, { signal }),
      // A missing or hidden article answers 404: asking again will not change that.
      retry: false,
    }),
};

export function useArticleList(disciplineId: string, filters: ArticleFilters) {
  return useContentList(articleQueries.list(disciplineId, filters));
}

export function useArticle(id: string) {
  return useQuery(articleQueries.detail(id));
}

export function useCreateArticle(disciplineId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ArticleInput) => api<Article>(`/api/disciplines/${encodeURIComponent(disciplineId)}/articles`, { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: articleKeys.all }),
  });
}

export function useUpdateArticle(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ArticleUpdate) => api<Article>(`/api/articles/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes }),
    onSuccess: (article) => {
      client.setQueryData(articleKeys.detail(id), article);
      return client.invalidateQueries({ queryKey: articleKeys.all });
    },
  });
}

export function useDeleteArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/articles/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: articleKeys.detail(id) });
      return client.invalidateQueries({ queryKey: [...articleKeys.all, 'list'] });
    },
  });
}
