import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { ReviewCategory } from '../../../common/reviews-basics.ts';
import type { Review } from '../../../common/reviews.ts';
import { formatRating, numberFormat } from '../../lib/intl.ts';

const CATEGORY_STYLE: Record<ReviewCategory, { icon: string; className: string }> = {
  Board: { icon: '🏄', className: 'bg-sky-100 text-sky-800' },
  Wetsuit: { icon: '🩱', className: 'bg-indigo-100 text-indigo-800' },
  Camera: { icon: '📷', className: 'bg-violet-100 text-violet-800' },
  Accessories: { icon: '🎒', className: 'bg-emerald-100 text-emerald-800' },
};

export function CategoryBadge({ category }: { category: ReviewCategory }) {
  const { t } = useTranslation();
  const style = CATEGORY_STYLE[category];
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${style.className}`}
      data-testid="review-category"
    >
      <span aria-hidden="true">{style.icon}</span>
      {t(`reviews.categories.${category}`)}
    </span>
  );
}

/** The reviewer's overall score out of 10, coloured by band. */
export function OverallScore({ score, large = false }: { score: number | null; large?: boolean }) {
  const { t, i18n } = useTranslation();
  if (score === null) return null;
  const text = numberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(score);
  const band = score >= 8 ? 'bg-emerald-700' : score >= 5 ? 'bg-amber-700' : 'bg-red-700';
  return (
    <span
      className={`inline-flex shrink-0 items-baseline gap-0.5 rounded-lg px-2 py-1 font-extrabold text-white ${band} ${large ? 'text-2xl' : 'text-base'}`}
      title={t('reviews.overallScore')}
      data-testid="review-score"
    >
      <span className="sr-only">{t('reviews.overallScore')}: </span>
      {text}
      <span className="text-xs font-semibold">/10</span>
    </span>
  );
}

/** Pros (✓) or cons (✗), as many as given. */
export function PointList({ kind, items }: { kind: 'pros' | 'cons'; items: string[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const good = kind === 'pros';
  return (
    <div>
      <h3 className={`text-xs font-bold tracking-wide uppercase ${good ? 'text-emerald-700' : 'text-red-700'}`}>{t(`reviews.${kind}`)}</h3>
      <ul className="mt-1 space-y-0.5 text-sm text-slate-700" data-testid={`review-${kind}`}>
        {items.map((item, i) => (
          <li key={i} className="flex gap-1.5">
            <span aria-hidden="true" className={good ? 'text-emerald-600' : 'text-red-600'}>
              {good ? '✓' : '✗'}
            </span>
            <span dir="auto" className="min-w-0 break-words">
              {item}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The readers' average as text for screen readers. */
export function readerRatingLabel(t: (key: string, options?: Record<string, unknown>) => string, language: string, review: Review): string {
  return review.readerRating.average === null
    ? t('content.noRatings')
    : t('reviews.readerRatingLabel', { average: formatRating(language, review.readerRating.average), count: review.readerRating.count });
}

/** Five stars filled to `value` out of 5, halves included (the shared Stars rounds to whole stars). */
export function PreciseStars({ value, label }: { value: number; label: string }) {
  const width = `${Math.max(0, Math.min(5, value)) * 20}%`;
  return (
    <span role="img" aria-label={label} className="relative inline-block leading-none whitespace-nowrap text-slate-500">
      <span aria-hidden="true">★★★★★</span>
      <span aria-hidden="true" className="absolute start-0 top-0 overflow-hidden text-amber-700" style={{ width }}>
        ★★★★★
      </span>
    </span>
  );
}
