import type { Article, ArticleInput, ArticleSummary, ArticleUpdate } from '../../../common/articles.ts';
import { ARTICLE_PAGE_SIZE } from '../../../common/paging.ts';
import { searchFiltersFrom, type SearchFilters } from '../../lib/content-list.ts';
import { sectionApi } from '../../lib/section-api.ts';

/** A discipline's articles are searched by text only. */
export const articleFiltersFrom = searchFiltersFrom;

export const {
  keys: articleKeys,
  queries: articleQueries,
  useList: useArticleList,
  useItem: useArticle,
  useCreate: useCreateArticle,
  useUpdate: useUpdateArticle,
  useDelete: useDeleteArticle,
} = sectionApi<Article, ArticleInput, ArticleUpdate, SearchFilters, ArticleSummary>('articles', ARTICLE_PAGE_SIZE);
