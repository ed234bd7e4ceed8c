import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Shop, ShopInput, ShopUpdate } from '../../../common/shops.ts';
import { SHOP_PAGE_SIZE } from '../../../common/paging.ts';
import { api } from '../../lib/api.ts';
import { contentListQuery, textParam, useContentList } from '../../lib/content-list.ts';

export const shopKeys = {
  all: ['shops'] as const,
  list: (disciplineId: string) => ['shops', 'list', disciplineId] as const,
  detail: (id: string) => ['shops', 'detail', id] as const,
};

/** One request per page of a discipline's shops, searched on the server. */
export type ShopFilters = { q: string };

/** The shops page's filters, as its address has them (the page and its route both read them here). */
export const shopFiltersFrom = (search: URLSearchParams): ShopFilters => ({ q: textParam(search, 'q') });

export const shopQueries = {
  list: (disciplineId: string, filters: ShopFilters) =>
    contentListQuery<Shop>(shopKeys.list(disciplineId), `/api/disciplines/${encodeURIComponent(disciplineId)}/shops`, filters, SHOP_PAGE_SIZE),
  detail: (id: string) =>
    queryOptions({
      queryKey: shopKeys.detail(id),
      queryFn: ({ signal }) => api<Shop>(`/api/shops/${encodeURIComponent(id)}`, { signal }),
      retry: false,
    }),
};

export function useShopList(disciplineId: string, filters: ShopFilters) {
  return useContentList(shopQueries.list(disciplineId, filters));
}

export function useShop(id: string) {
  return useQuery(shopQueries.detail(id));
}

export function useCreateShop(disciplineId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ShopInput) => api<Shop>(`/api/disciplines/${encodeURIComponent(disciplineId)}/shops`, { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: shopKeys.all }),
  });
}

export function useUpdateShop(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ShopUpdate) => api<Shop>(`/api/shops/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes }),
    onSuccess: (shop) => {
      client.setQueryData(shopKeys.detail(id), shop);
      return client.invalidateQueries({ queryKey: shopKeys.all });
    },
  });
}

export function useDeleteShop() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/shops/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: shopKeys.detail(id) });
      return client.invalidateQueries({ queryKey: ['shops', 'list'] });
    },
  });
}
