import { Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useLocation, useParams } from 'react-router';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { SectionHeader } from '../../components/content/section-header.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { EmptyList, PagedList } from '../../components/ui/paged-list.tsx';
import { FilterForm, SearchBox } from '../../components/ui/search-box.tsx';
import { filterHref, usePagedResults, useTextFilter, useUrlFilters } from '../../lib/list-state.ts';
import { useLocalizedName } from '../../lib/localized.ts';
import { useLoginGate } from '../../lib/use-login-gate.ts';
import { useMe } from '../../lib/session.ts';
import { DisciplineSection } from '../disciplines/index.ts';
import { ShopCard } from './shop-card.tsx';
import { shopFiltersFrom, useShopList } from './shops.api.ts';
import { lazyNamed } from '../../lib/lazy-named.ts';

const ShopFormDialog = lazyNamed(() => import('./shop-form-dialog.tsx'), 'ShopFormDialog');

/** /discipline/:disciplineId/shops: shops riders recommend, searched on the server. */
export default function ShopsPage() {
  const { disciplineId = '' } = useParams();
  const { t } = useTranslation();
  return (
    <DisciplineSection disciplineId={disciplineId} section="shops" description={(d) => t('shops.metaDescription', { discipline: d })}>
      {(hub) => <ShopsBrowser key={hub.id} discipline={hub} />}
    </DisciplineSection>
  );
}

function ShopsBrowser({ discipline }: { discipline: DisciplineHub }) {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const gate = useLoginGate();
  const { user } = useMe();
  const filters = useUrlFilters();
  const { pathname } = useLocation();
  const search = useTextFilter(filters, 'q');
  const listFilters = shopFiltersFrom(filters.params);
  const { q } = listFilters;
  const [adding, setAdding] = useState(false);

  const list = useShopList(discipline.id, listFilters);
  const { items: shops, countText, failed } = usePagedResults(list, t('shops.toast.fetchError'));

  const openAdd = () => gate(t('content.loginToContribute'), () => setAdding(true));
  const disciplineName = name(discipline);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <SectionHeader
        discipline={discipline}
        title={t('nav.shops')}
        subtitle={t('shops.subtitle', { discipline: disciplineName })}
        action={
          <Button onClick={openAdd} data-testid="add-shop">
            <span aria-hidden="true">＋</span>
            {t('shops.addShop')}
          </Button>
        }
      />

      <div className="mt-8 flex flex-wrap items-center gap-3">
        <FilterForm onApply={filters.applyForm} className="flex min-w-0 flex-1 basis-64 gap-2">
          <SearchBox label={t('shops.searchLabel')} placeholder={t('shops.searchPlaceholder')} value={search.text} onChange={search.setText} testId="shops-search" />
        </FilterForm>
      </div>

      <PagedList
        query={list}
        items={shops}
        countText={failed ? undefined : countText('shops.resultCount')}
        loadMoreLabel={t('shops.loadMore')}
        renderItem={(shop) => <ShopCard shop={shop} />}
        empty={
          <EmptyList
            testId="shops-empty"
            icon={q ? '🔎' : '🛍️'}
            title={q ? t('shops.noMatchTitle') : t('shops.emptyTitle')}
            text={q ? t('shops.noMatchText') : t('shops.emptyText', { discipline: disciplineName })}
            action={
              q ? (
                <ButtonLink variant="outline" to={filterHref(pathname, filters.params, { q: '' })} replace onClick={() => search.setText('')}>
                  {t('shops.clearSearch')}
                </ButtonLink>
              ) : (
                <Button onClick={openAdd}>{t('shops.addFirst')}</Button>
              )
            }
          />
        }
      />

      {user && (
        <Suspense fallback={null}>
          <ShopFormDialog open={adding} onOpenChange={setAdding} disciplineId={discipline.id} />
        </Suspense>
      )}
    </div>
  );
}
