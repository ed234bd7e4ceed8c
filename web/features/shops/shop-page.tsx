import { pictureOf } from '../../../common/photos-basics.ts';
import { OwnerActions, PendingRevisionNotice } from '../../components/content/owner-only.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate, useParams } from 'react-router';
import type { DisciplineHub } from '../../../common/schemas.ts';
import type { Shop } from '../../../common/shops.ts';
import { ItemLocation } from '../../components/content/item-picture.tsx';
import { ItemTitle } from '../../components/content/item-title.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { BackLink } from '../../components/ui/back-link.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { ApiError } from '../../lib/api.ts';
import { useLocalizedName } from '../../lib/localized.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { shopShare } from '../../lib/share.ts';
import { errorText } from '../../lib/toast.ts';
import { useMe } from '../../lib/session.ts';
import { useDisciplineHub } from '../../lib/disciplines.ts';
import { CommentsSection, LikeButton, RatingInput } from '../reactions/index.ts';
import { Chips, ShopFacts, ShopRating } from './shop-card.tsx';
import { ContactButtons, ContactDetails } from './shop-contact.tsx';
import { shopKeys, useDeleteShop, useShop } from './shops.api.ts';
import { ItemPhotos } from '../../components/content/photo-gallery.tsx';
import { lazyNamed } from '../../lib/lazy-named.ts';

const ShopFormDialog = lazyNamed(() => import('./shop-form-dialog.tsx'), 'ShopFormDialog');

/** /discipline/:disciplineId/shops/:shopId: one shop with every brand, readers' ratings and comments. */
export default function ShopPage() {
  const { disciplineId = '', shopId = '' } = useParams();
  const { t } = useTranslation();
  const name = useLocalizedName();
  const hub = useDisciplineHub(disciplineId);
  const shop = useShop(shopId);
  const missing = (shop.isError && shop.error instanceof ApiError && shop.error.status === 404) || (shop.data && shop.data.disciplineId !== disciplineId);
  usePageMeta(
    shop.data && hub.data && !missing
      ? t('shops.detailTitle', { name: shop.data.name, discipline: name(hub.data) })
      : hub.isLoading || shop.isLoading
        ? undefined
        : !hub.data
          ? t('discipline.sectionNotFound')
          : t('errors.CONTENT_NOT_FOUND'),
    shop.data?.description.slice(0, 160),
    { share: shop.data && !missing ? shopShare(shop.data) : undefined },
  );

  if (hub.isLoading || shop.isLoading) return <PageSpinner />;
  if (!hub.data)
    return <StateMessage icon="🧭" title={t('discipline.sectionNotFound')} text={t('discipline.notFoundText')} homeLabel={t('common.returnHome')} />;
  if (missing || !shop.data) {
    return (
      <StateMessage icon="🔎" title={t('errors.CONTENT_NOT_FOUND')} text={missing ? undefined : errorText(t, shop.error)}>
        <BackLink to={`/discipline/${disciplineId}/shops`}>{t('content.backToList', { section: t('nav.shops') })}</BackLink>
      </StateMessage>
    );
  }
  return <ShopDetail shop={shop.data} discipline={hub.data} />;
}

function ShopDetail({ shop, discipline }: { shop: Shop; discipline: DisciplineHub }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useMe();
  const remove = useDeleteShop();
  const canEdit = shop.mine || user?.role === 'admin';
  const listUrl = `/discipline/${discipline.id}/shops`;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <BackLink to={listUrl}>{t('content.backToList', { section: t('nav.shops') })}</BackLink>
      <article className="mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="shop-detail">
        {pictureOf(shop) ? (
          <img src={pictureOf(shop)!} alt="" referrerPolicy="no-referrer" className="h-64 w-full object-cover" />
        ) : (
          <div
            className="flex h-48 w-full items-center justify-center bg-gradient-to-br from-emerald-400 via-brand-600 to-indigo-700 text-6xl"
            aria-hidden="true"
          >
            🛍️
          </div>
        )}
        <div className="space-y-6 p-6 sm:p-8">
          <header className="space-y-3">
            <ItemTitle name={shop.name} status={shop.status} />
            <ItemLocation location={shop.location} className="text-slate-600" />
            <ShopRating shop={shop} />
            <ShopFacts shop={shop} />
            {shop.author && (
              <p className="flex items-center gap-2 text-sm text-slate-600">
                <Avatar person={shop.author} />
                {t('content.byAuthor', { name: shop.author.name })}
              </p>
            )}
          </header>

          <p dir="auto" className="whitespace-pre-line text-slate-800">
            {shop.description}
          </p>

          {shop.specialties.length > 0 && (
            <section>
              <h2 className="mb-2 text-sm font-semibold tracking-wide text-slate-500 uppercase">{t('shops.specialties')}</h2>
              <Chips items={shop.specialties} tone="brand" testId="shop-specialties" />
            </section>
          )}
          {shop.brands.length > 0 && (
            <section>
              <h2 className="mb-2 text-sm font-semibold tracking-wide text-slate-500 uppercase">{t('shops.brands')}</h2>
              <Chips items={shop.brands} testId="shop-brands" />
            </section>
          )}
          {(shop.email || shop.phone || shop.website) && (
            <section>
              <h2 className="mb-2 text-sm font-semibold tracking-wide text-slate-500 uppercase">{t('shops.contactDetails')}</h2>
              <ContactDetails shop={shop} />
            </section>
          )}

          <ItemPhotos type="shop" id={shop.id} name={shop.name} photos={shop.photos} canEdit={canEdit} queryKey={shopKeys.all} />

          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
            <div className="flex flex-wrap items-center gap-2">
              <LikeButton type="shop" id={shop.id} reactions={shop.reactions} name={shop.name} />
              <ContactButtons shop={shop} size="default" />
            </div>
            {canEdit && (
              <OwnerActions
                item={shop}
                section="shops"
                listPath={listUrl}
                name={shop.name}
                remove={remove}
                onDeleted={() => void navigate(listUrl)}
                Editor={ShopFormDialog}
              />
            )}
          </div>

          <section className="border-t border-slate-100 pt-4">
            <h2 className="mb-2 text-lg font-bold text-slate-900">{t('shops.rateTitle')}</h2>
            <RatingInput type="shop" id={shop.id} rating={shop.rating} />
          </section>
        </div>
      </article>

      <div className="mt-8">
        <PendingRevisionNotice revision={shop.pendingRevision} section="shops" />
        <CommentsSection type="shop" id={shop.id} />
      </div>
    </div>
  );
}
