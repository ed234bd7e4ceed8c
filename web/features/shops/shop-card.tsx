import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Link } from '../../components/ui/link.tsx';
import { contentPath } from '../../../common/content-basics.ts';
import { SHOP_CARD_BRANDS } from '../../../common/shops-basics.ts';
import type { Shop } from '../../../common/shops.ts';
import { ItemLocation, ItemPicture } from '../../components/content/item-picture.tsx';
import { CardTitle } from '../../components/content/item-title.tsx';
import { formatRating } from '../../lib/intl.ts';
import { CardReactions, Stars } from '../reactions/index.ts';
import { ContactButtons, ContactDetails } from './shop-contact.tsx';

/** Readers' rating as stars, average and count, or 'No ratings yet'. */
export function ShopRating({ shop }: { shop: Shop }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { average, count } = shop.rating;
  return (
    <div className="flex items-center gap-2 text-sm text-slate-700" data-testid="shop-rating">
      <Stars value={average} label={average === null ? t('content.noRatings') : t('shops.ratingLabel', { average: formatRating(language, average) })} />
      {average === null ? (
        <span className="text-slate-500">{t('content.noRatings')}</span>
      ) : (
        <>
          <span className="font-semibold">{formatRating(language, average)}</span>
          <span className="text-slate-500">{t('shops.reviewCount', { count })}</span>
        </>
      )}
    </div>
  );
}

/** Established year and sponsored athletes. */
export function ShopFacts({ shop }: { shop: Shop }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
      {shop.establishedYear !== null && (
        <span data-testid="shop-established">
          <span aria-hidden="true">🏛️ </span>
          {t('shops.established', { year: shop.establishedYear })}
        </span>
      )}
      <span data-testid="shop-sponsored">
        <span aria-hidden="true">🏆 </span>
        {t('shops.sponsoredAthletes', { count: shop.sponsoredAthletes })}
      </span>
    </div>
  );
}

export function Chips({ items, tone = 'slate', testId }: { items: string[]; tone?: 'slate' | 'brand'; testId?: string }) {
  return (
    <ul className="flex flex-wrap gap-1.5" data-testid={testId}>
      {items.map((item, i) => (
        <li
          key={`${i}-${item}`}
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${tone === 'brand' ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-700'}`}
        >
          {item}
        </li>
      ))}
    </ul>
  );
}

export function ShopCard({ shop }: { shop: Shop }) {
  const { t } = useTranslation();
  const href = contentPath('shop', shop.disciplineId, shop.id);
  const brands = shop.brands.slice(0, SHOP_CARD_BRANDS);
  const moreBrands = shop.brands.length - brands.length;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="shop-card">
      <Link to={href} tabIndex={-1} aria-hidden="true">
        <ItemPicture src={shop.coverUrl} className="h-40" placeholder="from-emerald-400 via-brand-600 to-indigo-700" icon="🛍️" />
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <CardTitle to={href} status={shop.status} testId="shop-link">
          {shop.name}
        </CardTitle>
        <ItemLocation location={shop.location} />
        <ShopRating shop={shop} />
        <ShopFacts shop={shop} />
        <p dir="auto" className="line-clamp-2 text-sm text-slate-700">
          {shop.description}
        </p>
        {shop.specialties.length > 0 && (
          <div>
            <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('shops.specialties')}</h3>
            <Chips items={shop.specialties} tone="brand" testId="shop-specialties" />
          </div>
        )}
        {brands.length > 0 && (
          <div>
            <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('shops.brands')}</h3>
            <div className="flex flex-wrap items-center gap-1.5">
              <Chips items={brands} testId="shop-brands" />
              {moreBrands > 0 && (
                <span className="text-xs font-semibold text-slate-500" data-testid="shop-more-brands">
                  {t('shops.moreBrands', { count: moreBrands })}
                </span>
              )}
            </div>
          </div>
        )}
        <ContactDetails shop={shop} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <CardReactions type="shop" item={shop} name={shop.name} />
          <div className="flex flex-wrap gap-2">
            <ContactButtons shop={shop} />
          </div>
        </div>
        <Link to={href} className="text-sm font-semibold text-brand-700 hover:underline">
          {t('shops.viewDetails')}
          <span className="sr-only"> {shop.name}</span>
        </Link>
      </div>
    </article>
  );
}
