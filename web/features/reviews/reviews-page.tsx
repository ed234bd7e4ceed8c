import { Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useLocation, useParams } from 'react-router';
import { contentPath } from '../../../common/content-basics.ts';
import { REVIEW_CARD_POINTS, REVIEW_CATEGORIES } from '../../../common/reviews-basics.ts';
import type { Review } from '../../../common/reviews.ts';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { SectionHeader } from '../../components/content/section-header.tsx';
import { StatusBadge } from '../../components/content/status-badge.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { EmptyList, PagedList } from '../../components/ui/paged-list.tsx';
import { FilterForm, FilterSelect, SearchBox } from '../../components/ui/search-box.tsx';
import { filterHref, usePagedResults, useTextFilter, useUrlFilters } from '../../lib/list-state.ts';
import { useFormatDate, useFormatPrice, useLocalizedName } from '../../lib/localized.ts';
import { useLoginGate } from '../../lib/use-login-gate.ts';
import { useMe } from '../../lib/session.ts';
import { DisciplineSection } from '../disciplines/index.ts';
import { CommentCount, LikeButton, Stars } from '../reactions/index.ts';
import { CategoryBadge, OverallScore, PointList, readerRatingLabel } from './review-parts.tsx';
import { reviewFiltersFrom, useReviewList } from './reviews.api.ts';
import { lazyNamed } from '../../lib/lazy-named.ts';

const ReviewFormDialog = lazyNamed(() => import('./review-form-dialog.tsx'), 'ReviewFormDialog');

/** /discipline/:disciplineId/reviews: gear tested by riders, searched and filtered on the server. */
export default function ReviewsPage() {
  const { disciplineId = '' } = useParams();
  const { t } = useTranslation();
  return (
    <DisciplineSection disciplineId={disciplineId} section="reviews" description={(d) => t('reviews.metaDescription', { discipline: d })}>
      {(hub) => <ReviewsBrowser key={hub.id} discipline={hub} />}
    </DisciplineSection>
  );
}


function ReviewsBrowser({ discipline }: { discipline: DisciplineHub }) {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const { user } = useMe();
  const gate = useLoginGate();
  const filters = useUrlFilters();
  const { pathname } = useLocation();
  const search = useTextFilter(filters, 'q');
  const listFilters = reviewFiltersFrom(filters.params);
  const { q, category } = listFilters;
  const [writing, setWriting] = useState(false);

  const list = useReviewList(discipline.id, listFilters);
  const { items: reviews, countText, failed } = usePagedResults(list, t('reviews.toast.fetchError'));

  const openWrite = () => gate(t('content.loginToContribute'), () => setWriting(true));
  const disciplineName = name(discipline);
  const filtered = q !== '' || category !== '';

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <SectionHeader
        discipline={discipline}
        title={t('nav.reviews')}
        subtitle={t('reviews.subtitle', { discipline: disciplineName })}
        action={
          <Button onClick={openWrite} data-testid="write-review">
            <span aria-hidden="true">✍️</span>
            {t('reviews.writeReview')}
          </Button>
        }
      />

      <FilterForm onApply={filters.applyForm} className="mt-8 flex flex-wrap items-center gap-3">
        <SearchBox label={t('reviews.searchLabel')} placeholder={t('reviews.searchPlaceholder')} value={search.text} onChange={search.setText} testId="reviews-search" />
        <FilterSelect
          label={t('reviews.categoryFilter')}
          name="category"
          value={category}
          onChange={(value) => filters.setParam('category', value)}
          anyLabel={t('reviews.allCategories')}
          options={REVIEW_CATEGORIES.map((c) => ({ value: c, label: t(`reviews.categories.${c}`) }))}
          testId="reviews-category"
        />
      </FilterForm>

      <PagedList
        query={list}
        items={reviews}
        countText={failed ? undefined : countText('reviews.resultCount')}
        loadMoreLabel={t('reviews.loadMore')}
        renderItem={(review) => <ReviewCard review={review} disciplineId={discipline.id} />}
        empty={
          <EmptyList
            testId="reviews-empty"
            icon={filtered ? '🔎' : '🛹'}
            title={filtered ? t('reviews.noMatchTitle') : t('reviews.emptyTitle')}
            text={filtered ? t('reviews.noMatchText') : t('reviews.emptyText', { discipline: disciplineName })}
            action={
              filtered ? (
                <ButtonLink variant="outline" to={filterHref(pathname, filters.params, { q: '', category: '' })} replace onClick={() => search.setText('')}>
                  {t('reviews.clearFilters')}
                </ButtonLink>
              ) : (
                <Button onClick={openWrite}>{t('reviews.writeFirst')}</Button>
              )
            }
          />
        }
      />

      {user && (
        <Suspense fallback={null}>
          <ReviewFormDialog open={writing} onOpenChange={setWriting} disciplineId={discipline.id} />
        </Suspense>
      )}
    </div>
  );
}

function ReviewCard({ review, disciplineId }: { review: Review; disciplineId: string }) {
  const { t, i18n } = useTranslation();
  const formatMonth = useFormatDate({ month: 'long', year: 'numeric' });
  const formatPrice = useFormatPrice();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="review-card">
      {review.imageUrl ? (
        <img src={review.imageUrl} alt="" loading="lazy" referrerPolicy="no-referrer" className="h-44 w-full object-cover" />
      ) : (
        <div className="flex h-44 w-full items-center justify-center bg-gradient-to-br from-amber-300 via-orange-500 to-rose-600 text-5xl" aria-hidden="true">
          ⭐
        </div>
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryBadge category={review.category} />
            <StatusBadge status={review.status} />
          </div>
          <OverallScore score={review.overallScore} />
        </div>
        <div>
          <h2 dir="auto" className="text-lg leading-snug font-bold break-words text-slate-900">{review.productName}</h2>
          <p className="text-sm text-slate-600">
            <span dir="auto" className="font-medium">{review.brand}</span>
            {review.price !== null && (
              <>
                <span aria-hidden="true"> · </span>
                <span data-testid="review-price">{formatPrice(review.price)}</span>
              </>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
          <Stars value={review.readerRating.average} label={readerRatingLabel(t, i18n.resolvedLanguage ?? i18n.language, review)} />
          <span data-testid="review-count">{t('reviews.reviewCount', { count: review.readerRating.count })}</span>
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
          {review.releaseDate && <span data-testid="review-release">{t('reviews.released', { date: formatMonth(review.releaseDate) })}</span>}
          {review.author && (
            <span data-testid="review-author">
              <span aria-hidden="true">👤 </span>
              {t('reviews.reviewedBy', { name: review.author.name })}
            </span>
          )}
        </div>
        {(review.pros.length > 0 || review.cons.length > 0) && (
          <div className="grid grid-cols-2 gap-3">
            <PointList kind="pros" items={review.pros.slice(0, REVIEW_CARD_POINTS)} />
            <PointList kind="cons" items={review.cons.slice(0, REVIEW_CARD_POINTS)} />
          </div>
        )}
        <div className="mt-auto flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <div className="flex items-center gap-1">
            <LikeButton type="review" id={review.id} reactions={review.reactions} name={review.productName} />
            <CommentCount count={review.reactions.comments} />
          </div>
          {/* The visible words begin the link's name (WCAG 2.5.3); the product, for screen readers, tells the links apart. */}
          <ButtonLink to={contentPath('review', disciplineId, review.id)} variant="outline" size="sm">
            {t('reviews.readFullReview')}
            <span className="sr-only">
              {': '}
              <bdi>{review.productName}</bdi>
            </span>
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}
