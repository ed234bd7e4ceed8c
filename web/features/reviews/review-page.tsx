import { pictureOf } from '../../../common/photos-basics.ts';
import { OwnerActions, PendingRevisionNotice } from '../../components/content/owner-only.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate, useParams } from 'react-router';
import type { Review } from '../../../common/reviews.ts';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { StatusBadge } from '../../components/content/status-badge.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { BackLink } from '../../components/ui/back-link.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { useFormatDate, useFormatPrice, useLocalizedName } from '../../lib/localized.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { reviewShare } from '../../lib/share.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useMe } from '../../lib/session.ts';
import { useDisciplineHub } from '../../lib/disciplines.ts';
import { CommentsSection, LikeButton, RatingInput } from '../reactions/index.ts';
import { CategoryBadge, OverallScore, PointList, PreciseStars } from './review-parts.tsx';
import { reviewKeys, useDeleteReview, useReview } from './reviews.api.ts';
import { ItemPhotos } from '../../components/content/photo-gallery.tsx';
import { lazyNamed } from '../../lib/lazy-named.ts';

const ReviewFormDialog = lazyNamed(() => import('./review-form-dialog.tsx'), 'ReviewFormDialog');

/** /discipline/:disciplineId/reviews/:reviewId: the whole review, readers' ratings and comments. */
export default function ReviewPage() {
  const { disciplineId = '', reviewId = '' } = useParams();
  const { t } = useTranslation();
  const name = useLocalizedName();
  const hub = useDisciplineHub(disciplineId);
  const review = useReview(reviewId);
  // A review opened under another discipline's address is not found there.
  const found = review.data && review.data.disciplineId === disciplineId ? review.data : null;
  const loading = hub.isLoading || review.isLoading;

  usePageMeta(
    loading
      ? undefined
      : !hub.data
        ? t('discipline.sectionNotFound')
        : found
          ? t('reviews.detailTitle', { name: found.productName, discipline: name(hub.data) })
          : t('notFound.contentNotFound'),
    found ? t('reviews.detailDescription', { name: found.productName, brand: found.brand }) : undefined,
    { share: found ? reviewShare(found) : undefined },
  );

  if (loading) return <PageSpinner />;
  if (!hub.data)
    return <StateMessage icon="🧭" title={t('discipline.sectionNotFound')} text={t('discipline.notFoundText')} homeLabel={t('common.returnHome')} />;
  if (!found) {
    return (
      <StateMessage
        icon="🔎"
        title={review.isError ? t('reviews.toast.loadError') : t('notFound.contentNotFound')}
        text={review.isError ? errorText(t, review.error) : undefined}
      >
        <BackLink to={`/discipline/${disciplineId}/reviews`}>{t('content.backToList', { section: t('nav.reviews') })}</BackLink>
      </StateMessage>
    );
  }
  return <ReviewDetail review={found} discipline={hub.data} />;
}

function ReviewDetail({ review, discipline }: { review: Review; discipline: DisciplineHub }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useMe();
  const formatMonth = useFormatDate({ month: 'long', year: 'numeric' });
  const formatDay = useFormatDate({ dateStyle: 'long' });
  const formatPrice = useFormatPrice();
  const remove = useDeleteReview();
  const canEdit = review.mine || user?.role === 'admin';
  const listUrl = `/discipline/${discipline.id}/reviews`;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <BackLink to={listUrl}>{t('content.backToList', { section: t('nav.reviews') })}</BackLink>
      <article className="mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="review-detail">
        {pictureOf(review) && <img src={pictureOf(review)!} alt="" referrerPolicy="no-referrer" className="h-64 w-full object-cover sm:h-80" />}
        <div className="space-y-6 p-6 sm:p-8">
          <header className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <CategoryBadge category={review.category} />
                <StatusBadge status={review.status} />
              </div>
              <OverallScore score={review.overallScore} large />
            </div>
            <h1 dir="auto" className="text-3xl font-extrabold break-words text-slate-900">
              {review.productName}
            </h1>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-slate-500">{t('reviews.form.brand')}</dt>
                <dd dir="auto" className="font-semibold text-slate-900">
                  {review.brand}
                </dd>
              </div>
              {review.price !== null && (
                <div>
                  <dt className="text-slate-500">{t('reviews.price')}</dt>
                  <dd className="font-semibold text-slate-900">{formatPrice(review.price)}</dd>
                </div>
              )}
              {review.releaseDate && (
                <div>
                  <dt className="text-slate-500">{t('reviews.releaseDate')}</dt>
                  <dd className="font-semibold text-slate-900">{formatMonth(review.releaseDate)}</dd>
                </div>
              )}
              <div>
                <dt className="text-slate-500">{t('reviews.reviewerRating')}</dt>
                <dd className="flex items-center gap-1.5 font-semibold text-slate-900" data-testid="reviewer-rating">
                  <PreciseStars value={review.rating} label={t('reviews.ratingOutOf5', { rating: review.rating })} />
                  <span aria-hidden="true">{review.rating}/5</span>
                </dd>
              </div>
            </dl>
            {review.author && (
              <p className="flex items-center gap-3 text-sm text-slate-600">
                <Avatar person={review.author} size="sm" />
                <span>
                  {t('reviews.reviewedBy', { name: review.author.name })}
                  <span aria-hidden="true"> · </span>
                  {formatDay(review.createdAt)}
                </span>
              </p>
            )}
          </header>

          <div dir="auto" className="text-base leading-relaxed break-words whitespace-pre-line text-slate-800" data-testid="review-content">
            {review.content}
          </div>

          {(review.pros.length > 0 || review.cons.length > 0) && (
            <div className="grid gap-4 rounded-xl bg-slate-50 p-4 sm:grid-cols-2">
              <PointList kind="pros" items={review.pros} />
              <PointList kind="cons" items={review.cons} />
            </div>
          )}

          <ItemPhotos type="review" id={review.id} name={review.productName} photos={review.photos} canEdit={canEdit} queryKey={reviewKeys.all} />

          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
            <LikeButton type="review" id={review.id} reactions={review.reactions} name={review.productName} />
            {canEdit && (
              <OwnerActions
                item={review}
                section="reviews"
                listPath={listUrl}
                name={review.productName}
                remove={remove}
                onDeleted={() => void navigate(listUrl)}
                Editor={ReviewFormDialog}
              />
            )}
          </div>

          <section aria-labelledby="reader-rating-title" className="space-y-2">
            <h2 id="reader-rating-title" className="text-lg font-bold text-slate-900">
              {t('reviews.readersRating')}
            </h2>
            <RatingInput type="review" id={review.id} rating={review.readerRating} />
          </section>
        </div>
      </article>

      <div className="mt-8">
        <PendingRevisionNotice revision={review.pendingRevision} section="reviews" />
        <CommentsSection type="review" id={review.id} />
      </div>
    </div>
  );
}
