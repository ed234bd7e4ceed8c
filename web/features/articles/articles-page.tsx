import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate } from 'react-router';
import { contentPath } from '../../../common/content-basics.ts';
import type { ArticleSummary } from '../../../common/articles.ts';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { ItemPicture } from '../../components/content/item-picture.tsx';
import { SectionBrowser } from '../../components/content/section-browser.tsx';
import { CardTitle } from '../../components/content/item-title.tsx';
import { useFormatDate } from '../../lib/localized.ts';
import { useUrlFilters } from '../../lib/list-state.ts';
import { useMe } from '../../lib/session.ts';
import { disciplineSectionPage } from '../disciplines/index.ts';
import { CardReactions } from '../reactions/index.ts';
import { articleFiltersFrom, useArticleList } from './articles.api.ts';
import { lazyNamed } from '../../lib/lazy-named.ts';

const ArticleFormDialog = lazyNamed(() => import('./article-form-dialog.tsx'), 'ArticleFormDialog');

function ArticlesBrowser({ discipline }: { discipline: DisciplineHub }) {
  const navigate = useNavigate();
  const { user } = useMe();
  const filters = useUrlFilters();
  const { q } = articleFiltersFrom(filters.params);
  const list = useArticleList(discipline.id, { q });
  return (
    <SectionBrowser
      section="articles"
      discipline={discipline}
      filters={filters}
      list={list}
      renderItem={(article) => <ArticleCard article={article} />}
      clearable={{ q }}
      dialog={
        user
          ? (props) => (
              <ArticleFormDialog
                {...props}
                disciplineId={discipline.id}
                onCreated={(article) => void navigate(contentPath('article', discipline.id, article.id))}
              />
            )
          : null
      }
    />
  );
}

/** /discipline/:disciplineId/articles: stories and guides written by riders. */
export default disciplineSectionPage('articles', 'articles.metaDescription', ArticlesBrowser);

function ArticleCard({ article }: { article: ArticleSummary }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate({ dateStyle: 'medium' });
  const href = contentPath('article', article.disciplineId, article.id);
  return (
    <article
      className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md"
      data-testid="article-card"
    >
      <ItemPicture src={article.coverUrl} className="h-44" placeholder="from-amber-300 via-brand-600 to-indigo-700" icon="📰" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        {/* The whole card is the link's target area; like and comment stay clickable above it. */}
        <CardTitle to={href} status={article.status} linkClassName="after:absolute after:inset-0 focus:outline-none">
          {article.title}
        </CardTitle>
        <p className="text-sm text-slate-600">
          {article.author && <span dir="auto">{t('content.byAuthor', { name: article.author.name })}</span>}
          {article.author && <span aria-hidden="true"> · </span>}
          <time dateTime={article.createdAt}>{formatDate(article.createdAt)}</time>
        </p>
        <p className="line-clamp-3 text-sm text-slate-700" dir="auto">
          {article.excerpt}
        </p>
        <CardReactions type="article" item={article} name={article.title} className="relative z-10 mt-auto flex items-center gap-2 pt-2" />
      </div>
    </article>
  );
}
