import { pictureOf } from '../../../common/photos-basics.ts';
import { OwnerActions, PendingRevisionNotice } from '../../components/content/owner-only.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import type { Article } from '../../../common/articles.ts';
import { StatusBadge } from '../../components/content/status-badge.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { BackLink } from '../../components/ui/back-link.tsx';
import { PageSpinner, Spinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { ApiError } from '../../lib/api.ts';
import { useFormatDate } from '../../lib/localized.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { articleShare } from '../../lib/share.ts';
import { errorText } from '../../lib/toast.ts';
import { useMe } from '../../lib/session.ts';
import { CommentsSection, LikeButton, RatingInput } from '../reactions/index.ts';
import { ArticleBody } from './article-body.tsx';
import { articleKeys, useArticle, useDeleteArticle } from './articles.api.ts';
import { ItemPhotos } from '../../components/content/photo-gallery.tsx';
import { lazyNamed } from '../../lib/lazy-named.ts';

const ArticleFormDialog = lazyNamed(() => import('./article-form-dialog.tsx'), 'ArticleFormDialog');

/** /discipline/:disciplineId/articles/:articleId: one article, its likes, readers' rating and comments. */
export default function ArticlePage() {
  const { disciplineId = '', articleId = '' } = useParams();
  const { t } = useTranslation();
  const { data, isLoading, error, refetch, isRefetching } = useArticle(articleId);
  // An article opened under another discipline's address is not this page's content.
  const article = data && data.disciplineId === disciplineId ? data : undefined;
  const missing = (!isLoading && !error && !article) || (error instanceof ApiError && error.status === 404);
  usePageMeta(article ? article.title : missing ? t('errors.CONTENT_NOT_FOUND') : error ? t('articles.loadErrorTitle') : undefined, article?.excerpt, {
    share: article ? articleShare(article) : undefined,
  });
  const listUrl = `/discipline/${encodeURIComponent(disciplineId)}/articles`;

  if (isLoading) return <PageSpinner />;
  if (!article) {
    if (missing) {
      return (
        <StateMessage icon="🧭" title={t('errors.CONTENT_NOT_FOUND')} text={t('articles.notFoundText')}>
          <ButtonLink to={listUrl}>{t('content.backToList', { section: t('nav.articles') })}</ButtonLink>
        </StateMessage>
      );
    }
    return (
      <StateMessage icon="⚠️" title={t('articles.loadErrorTitle')} text={errorText(t, error)}>
        <Button onClick={() => void refetch()} disabled={isRefetching}>
          {isRefetching && <Spinner className="h-4 w-4 border-2" />}
          {t('common.retry')}
        </Button>
      </StateMessage>
    );
  }
  return <ArticleView article={article} listUrl={listUrl} />;
}

function ArticleView({ article, listUrl }: { article: Article; listUrl: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDate = useFormatDate({ dateStyle: 'long' });
  const { user } = useMe();
  const remove = useDeleteArticle();
  const canEdit = article.mine || user?.role === 'admin';

  return (
    <article className="mx-auto max-w-3xl px-4 py-10" data-testid="article">
      <BackLink to={listUrl}>{t('content.backToList', { section: t('nav.articles') })}</BackLink>
      <header className="mt-4">
        <StatusBadge status={article.status} />
        <h1 className="mt-2 text-3xl font-extrabold break-words text-slate-900 sm:text-4xl" dir="auto">
          {article.title}
        </h1>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3 text-sm text-slate-600">
            {article.author && (
              <Link
                to={`/profile/${article.author.id}`}
                className="flex items-center gap-2 font-semibold text-brand-700 hover:underline"
                data-testid="article-author"
              >
                <Avatar person={article.author} />
                <span dir="auto">{article.author.name}</span>
              </Link>
            )}
            <time dateTime={article.createdAt}>{formatDate(article.createdAt)}</time>
          </div>
          {canEdit && (
            <OwnerActions
              item={article}
              section="articles"
              listPath={listUrl}
              name={article.title}
              remove={remove}
              onDeleted={() => void navigate(listUrl, { replace: true })}
              Editor={ArticleFormDialog}
            />
          )}
        </div>
      </header>

      {pictureOf(article) && (
        <img src={pictureOf(article)!} alt="" referrerPolicy="no-referrer" className="mt-6 max-h-[28rem] w-full rounded-2xl object-cover" />
      )}

      <div className="mt-6">
        <ArticleBody markdown={article.content} />
      </div>

      <div className="mt-8">
        <ItemPhotos type="article" id={article.id} name={article.title} photos={article.photos} canEdit={canEdit} queryKey={articleKeys.all} />
      </div>

      <section className="mt-10 flex flex-wrap items-center justify-between gap-4 border-y border-slate-200 py-4" aria-label={t('articles.reactionsLabel')}>
        <LikeButton type="article" id={article.id} reactions={article.reactions} name={article.title} />
        <RatingInput type="article" id={article.id} rating={article.rating} />
      </section>

      <div className="mt-8">
        <PendingRevisionNotice revision={article.pendingRevision} section="articles" />
        <CommentsSection type="article" id={article.id} />
      </div>
    </article>
  );
}
