import type { DisciplineHub } from '../../../common/schemas.ts';
import { SectionBrowser } from '../../components/content/section-browser.tsx';
import { useUrlFilters } from '../../lib/list-state.ts';
import { useMe } from '../../lib/session.ts';
import { disciplineSectionPage } from '../disciplines/index.ts';
import { ShopCard } from './shop-card.tsx';
import { shopFiltersFrom, useShopList } from './shops.api.ts';
import { lazyNamed } from '../../lib/lazy-named.ts';

const ShopFormDialog = lazyNamed(() => import('./shop-form-dialog.tsx'), 'ShopFormDialog');

function ShopsBrowser({ discipline }: { discipline: DisciplineHub }) {
  const { user } = useMe();
  const filters = useUrlFilters();
  const { q } = shopFiltersFrom(filters.params);
  const list = useShopList(discipline.id, { q });
  return (
    <SectionBrowser
      section="shops"
      discipline={discipline}
      filters={filters}
      list={list}
      renderItem={(shop) => <ShopCard shop={shop} />}
      clearable={{ q }}
      dialog={user ? (props) => <ShopFormDialog {...props} disciplineId={discipline.id} /> : null}
    />
  );
}

/** /discipline/:disciplineId/shops: shops riders recommend, searched on the server. */
export default disciplineSectionPage('shops', 'shops.metaDescription', ShopsBrowser);
