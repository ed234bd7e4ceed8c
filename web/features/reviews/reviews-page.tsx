import { useTranslation } from '../../lib/i18n-binding.tsx';
import { contentPath } from '../../../common/content-basics.ts';
import { REVIEW_CARD_POINTS, REVIEW_CATEGORIES } from '../../../common/reviews-basics.ts';
import type { Review } from '../../../common/reviews.ts';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { ItemPicture } from '../../components/content/item-picture.tsx';
import { SectionBrowser } from '../../components/content/section-browser.tsx';
import { StatusBadge } from '../../components/content/status-badge.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { FilterSelect } from '../../components/ui/search-box.tsx';
import { useUrlFilters } from '../../lib/list-state.ts';
import { useFormatDate, useFormatPrice } from '../../lib/localized.ts';
import { useMe } from '../../lib/session.ts';
import { disciplineSectionPage } from '../disciplines/index.ts';
import { CardReactions, Stars } from '../reactions/index.ts';
import { CategoryBadge, OverallScore, PointList, readerRatingLabel } from './review-parts.tsx';
import { reviewFiltersFrom, useReviewList } from './reviews.api.ts';
import { lazyNamed } from '../../lib/lazy-named.ts';

const ReviewFormDialog = lazyNamed(() => import('./review-form-dialog.tsx'), 'ReviewFormDialog');

function ReviewsBrowser({ discipline }: { discipline: DisciplineHub }) {
  const { t } = useTranslation();
  const { user } = useMe();
  const filters = useUrlFilters();
  const listFilters = reviewFiltersFrom(filters.params);
  const { q, category } = listFilters;
  const list = useReviewList(discipline.id, listFilters);
  return (
    <SectionBrowser
      section="reviews"
      discipline={discipline}
      filters={filters}
      filterFields={
        <FilterSelect
          label={t('reviews.categoryFilter')}
          name="category"
          value={category}
          onChange={(value) => filters.setParam('category', value)}
          anyLabel={t('reviews.allCategories')}
          options={REVIEW_CATEGORIES.map((c) => ({ value: c, label: t(`reviews.categories.${c}`) }))}
          testId="reviews-category"
        />
      }
      list={list}
      renderItem={(review) => <ReviewCard review={review} disciplineId={discipline.id} />}
      clearable={{ q, category }}
      dialog={user ? (props) => <ReviewFormDialog {...props} disciplineId={discipline.id} /> : null}
    />
  );
}

/** /discipline/:disciplineId/reviews: gear tested by riders, searched and filtered on the server. */
export default disciplineSectionPage('reviews', 'reviews.metaDescription', ReviewsBrowser);

function ReviewCard({ review, disciplineId }: { review: Review; disciplineId: string }) {
  const { t, i18n } = useTranslation();
  const formatMonth = useFormatDate({ month: 'long', year: 'numeric' });
  const formatPrice = useFormatPrice();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="review-card">
      <ItemPicture src={review.coverUrl} className="h-44" placeholder="from-amber-300 via-orange-500 to-rose-600" icon="⭐" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryBadge category={review.category} />
            <StatusBadge status={review.status} />
          </div>
          <OverallScore score={review.overallScore} />
        </div>
        <div>
          <h2 dir="auto" className="text-lg leading-snug font-bold break-words text-slate-900">
            {review.productName}
          </h2>
          <p className="text-sm text-slate-600">
            <span dir="auto" className="font-medium">
              {review.brand}
            </span>
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
          <CardReactions type="review" item={review} name={review.productName} />
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
