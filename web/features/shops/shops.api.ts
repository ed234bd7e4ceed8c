import type { Shop, ShopInput, ShopUpdate } from '../../../common/shops.ts';
import { SHOP_PAGE_SIZE } from '../../../common/paging.ts';
import { searchFiltersFrom, type SearchFilters } from '../../lib/content-list.ts';
import { sectionApi } from '../../lib/section-api.ts';

/** A discipline's shops are searched by text only. */
export const shopFiltersFrom = searchFiltersFrom;

export const {
  keys: shopKeys,
  queries: shopQueries,
  useList: useShopList,
  useItem: useShop,
  useCreate: useCreateShop,
  useUpdate: useUpdateShop,
  useDelete: useDeleteShop,
} = sectionApi<Shop, ShopInput, ShopUpdate, SearchFilters>('shops', SHOP_PAGE_SIZE);
