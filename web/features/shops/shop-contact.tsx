import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { Shop } from '../../../common/shops.ts';
import { buttonClass } from '../../components/ui/button.tsx';

/** The host name of a website, for display ('surfshop.example.com'). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Email, phone and website of the shop, each a link; nothing when it has none. */
export function ContactDetails({ shop }: { shop: Shop }) {
  const { t } = useTranslation();
  if (!shop.email && !shop.phone && !shop.website) return null;
  return (
    <dl className="space-y-1 text-sm text-slate-700" data-testid="shop-contact-details">
      {shop.email && (
        <div className="flex items-center gap-2">
          <dt>
            <span aria-hidden="true">✉️</span>
            <span className="sr-only">{t('shops.email')}</span>
          </dt>
          <dd className="min-w-0 truncate" dir="ltr">
            <a href={`mailto:${shop.email}`} className="hover:underline">
              {shop.email}
            </a>
          </dd>
        </div>
      )}
      {shop.phone && (
        <div className="flex items-center gap-2">
          <dt>
            <span aria-hidden="true">📞</span>
            <span className="sr-only">{t('shops.phone')}</span>
          </dt>
          <dd dir="ltr">
            <a href={`tel:${shop.phone.replace(/[^0-9+]/g, '')}`} className="hover:underline">
              {shop.phone}
            </a>
          </dd>
        </div>
      )}
      {shop.website && (
        <div className="flex items-center gap-2">
          <dt>
            <span aria-hidden="true">🌐</span>
            <span className="sr-only">{t('shops.website')}</span>
          </dt>
          <dd className="min-w-0 truncate" dir="ltr">
            <a href={shop.website} target="_blank" rel="noopener noreferrer" className="hover:underline">
              {hostOf(shop.website)}
            </a>
          </dd>
        </div>
      )}
    </dl>
  );
}

/** 'Contact' writes an email (or calls when there is no email); 'Visit Store' opens the website in a new tab. */
export function ContactButtons({ shop, size = 'sm' }: { shop: Shop; size?: 'sm' | 'default' }) {
  const { t } = useTranslation();
  const contact = shop.email ? `mailto:${shop.email}` : shop.phone ? `tel:${shop.phone.replace(/[^0-9+]/g, '')}` : null;
  return (
    <>
      {contact && (
        <a
          href={contact}
          className={buttonClass({ variant: 'outline', size })}
          aria-label={t('shops.contactNamed', { name: shop.name })}
          data-testid="shop-contact"
        >
          {t('shops.contact')}
        </a>
      )}
      {shop.website && (
        <a
          href={shop.website}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass({ variant: 'default', size })}
          aria-label={t('shops.visitStoreNamed', { name: shop.name })}
          data-testid="shop-visit"
        >
          {t('shops.visitStore')}
        </a>
      )}
    </>
  );
}
