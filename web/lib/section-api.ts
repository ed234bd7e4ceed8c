import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';
import { contentListQuery, useContentList } from './content-list.ts';

/**
 * The client of a contributed section's API (`/api/disciplines/{discipline}/{section}` to list and
 * add, `/api/{section}/{id}` to read, change and delete): its query keys and query options (the
 * routes' loaders and the pages' hooks take the same, so they meet in the cache), and its hooks.
 * `ListItem` is what the list's cards show, when it is less than the item.
 */
export function sectionApi<Item extends { id: string }, Input, Update, Filters extends Record<string, string>, ListItem = Item>(
  section: string,
  pageSize: number,
) {
  const listUrl = (disciplineId: string) => `/api/disciplines/${encodeURIComponent(disciplineId)}/${section}`;
  const itemUrl = (id: string) => `/api/${section}/${encodeURIComponent(id)}`;
  const keys = {
    all: [section] as const,
    lists: [section, 'list'] as const,
    list: (disciplineId: string) => [section, 'list', disciplineId] as const,
    detail: (id: string) => [section, 'detail', id] as const,
  };
  const queries = {
    /** One request per page of a discipline's items, searched and filtered on the server. */
    list: (disciplineId: string, filters: Filters) => contentListQuery<ListItem>(keys.list(disciplineId), listUrl(disciplineId), filters, pageSize),
    detail: (id: string) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) => api<Item>(itemUrl(id), { signal }),
        // A missing or hidden item answers 404: asking again will not change that.
        retry: false,
      }),
  };
  return {
    keys,
    listUrl,
    queries,
    useList: (disciplineId: string, filters: Filters) => useContentList(queries.list(disciplineId, filters)),
    useItem: (id: string) => useQuery(queries.detail(id)),
    useCreate(disciplineId: string) {
      const client = useQueryClient();
      return useMutation({
        mutationFn: (input: Input) => api<Item>(listUrl(disciplineId), { method: 'POST', body: input }),
        onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
      });
    },
    useUpdate(id: string) {
      const client = useQueryClient();
      return useMutation({
        mutationFn: (changes: Update) => api<Item>(itemUrl(id), { method: 'PATCH', body: changes }),
        onSuccess: (item) => {
          client.setQueryData(keys.detail(id), item);
          return client.invalidateQueries({ queryKey: keys.all });
        },
      });
    },
    /** `url`: another deletion of the item's (a series' date and its later dates), answered alike. */
    useDelete(url: (id: string) => string = itemUrl) {
      const client = useQueryClient();
      return useMutation({
        mutationFn: (id: string) => api<null>(url(id), { method: 'DELETE' }),
        onSuccess: async (_, id) => {
          // The deleted item's page is not asked for again while it still shows (it would flash 'not
          // found' before leaving): its data is only marked stale. Everything else of the section is.
          await client.invalidateQueries({ queryKey: keys.detail(id), refetchType: 'none' });
          return client.invalidateQueries({ queryKey: keys.all, predicate: ({ queryKey }) => queryKey[1] !== 'detail' || queryKey[2] !== id });
        },
      });
    },
  };
}
