import { Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { contentPath } from '../../../common/content-basics.ts';
import type { ArticleSummary } from '../../../common/articles.ts';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { SectionHeader } from '../../components/content/section-header.tsx';
import { StatusBadge } from '../../components/content/status-badge.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { EmptyList, PagedList } from '../../components/ui/paged-list.tsx';
import { FilterForm, SearchBox } from '../../components/ui/search-box.tsx';
import { useFormatDate, useLocalizedName } from '../../lib/localized.ts';
import { filterHref, usePagedResults, useTextFilter, useUrlFilters } from '../../lib/list-state.ts';
import { useLoginGate } from '../../lib/use-login-gate.ts';
import { useMe } from '../../lib/session.ts';
import { DisciplineSection } from '../disciplines/index.ts';
import { CommentCount, LikeButton } from '../reactions/index.ts';
import { articleFiltersFrom, useArticleList } from './articles.api.ts';
import { lazyNamed } from '../../lib/lazy-named.ts';

const ArticleFormDialog = lazyNamed(() => import('./article-form-dialog.tsx'), 'ArticleFormDialog');

/** /discipline/:disciplineId/articles: stories and guides written by riders. */
export default function ArticlesPage() {
  const { disciplineId = '' } = useParams();
  const { t } = useTranslation();
  return (
    <DisciplineSection disciplineId={disciplineId} section="articles" description={(d) => t('articles.metaDescription', { discipline: d })}>
      {(hub) => <ArticlesBrowser key={hub.id} discipline={hub} />}
    </DisciplineSection>
  );
}

function ArticlesBrowser({ discipline }: { discipline: DisciplineHub }) {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const navigate = useNavigate();
  const gate = useLoginGate();
  const { user } = useMe();
  const filters = useUrlFilters();
  const { pathname } = useLocation();
  const search = useTextFilter(filters, 'q');
  const listFilters = articleFiltersFrom(filters.params);
  const { q } = listFilters;
  const [creating, setCreating] = useState(false);

  const list = useArticleList(discipline.id, listFilters);
  const { items, countText, failed } = usePagedResults(list, t('articles.toast.fetchError'));
  const disciplineName = name(discipline);
  const openCreate = () => gate(t('content.loginToContribute'), () => setCreating(true));

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <SectionHeader
        discipline={discipline}
        title={t('nav.articles')}
        subtitle={t('articles.subtitle', { discipline: disciplineName })}
        action={
          <Button onClick={openCreate} data-testid="create-article">
            <span aria-hidden="true">＋</span>
            {t('articles.createArticle')}
          </Button>
        }
      />

      <FilterForm onApply={filters.applyForm} className="mt-8 flex gap-2">
        <SearchBox label={t('articles.searchLabel')} placeholder={t('articles.searchPlaceholder')} value={search.text} onChange={search.setText} testId="articles-search" />
      </FilterForm>

      <PagedList
        query={list}
        items={items}
        countText={failed ? undefined : countText('articles.resultCount')}
        loadMoreLabel={t('articles.loadMore')}
        renderItem={(article) => <ArticleCard article={article} />}
        empty={
          <EmptyList
            testId="articles-empty"
            icon={q ? '🔎' : '📰'}
            title={q ? t('articles.noMatchTitle') : t('articles.emptyTitle')}
            text={q ? t('articles.noMatchText') : t('articles.emptyText', { discipline: disciplineName })}
            action={
              q ? (
                <ButtonLink variant="outline" to={filterHref(pathname, filters.params, { q: '' })} replace onClick={() => search.setText('')}>
                  {t('articles.clearSearch')}
                </ButtonLink>
              ) : (
                <Button onClick={openCreate}>{t('articles.writeFirst')}</Button>
              )
            }
          />
        }
      />

      {user && (
        <Suspense fallback={null}>
          <ArticleFormDialog
            open={creating}
            onOpenChange={setCreating}
            disciplineId={discipline.id}
            onCreated={(article) => void navigate(contentPath('article', discipline.id, article.id))}
          />
        </Suspense>
      )}
    </div>
  );
}

function ArticleCard({ article }: { article: ArticleSummary }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate({ dateStyle: 'medium' });
  const href = contentPath('article', article.disciplineId, article.id);
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md" data-testid="article-card">
      {article.imageUrl ? (
        <img src={article.imageUrl} alt="" loading="lazy" referrerPolicy="no-referrer" className="h-44 w-full object-cover" />
      ) : (
        <div className="flex h-44 w-full items-center justify-center bg-gradient-to-br from-amber-300 via-brand-600 to-indigo-700 text-5xl" aria-hidden="true">
          📰
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-lg leading-snug font-bold break-words text-slate-900">
            {/* The whole card is the link's target area; like and comment stay clickable above it. */}
            <Link to={href} className="after:absolute after:inset-0 focus:outline-none" dir="auto">
              {article.title}
            </Link>
          </h2>
          <StatusBadge status={article.status} />
        </div>
        <p className="text-sm text-slate-600">
          {article.author && <span dir="auto">{t('content.byAuthor', { name: article.author.name })}</span>}
          {article.author && <span aria-hidden="true"> · </span>}
          <time dateTime={article.createdAt}>{formatDate(article.createdAt)}</time>
        </p>
        <p className="line-clamp-3 text-sm text-slate-700" dir="auto">
          {article.excerpt}
        </p>
        <div className="relative z-10 mt-auto flex items-center gap-2 pt-2">
          <LikeButton type="article" id={article.id} reactions={article.reactions} name={article.title} />
          <CommentCount count={article.reactions.comments} />
        </div>
      </div>
    </article>
  );
}
