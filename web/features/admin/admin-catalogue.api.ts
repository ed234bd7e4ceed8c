import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminCategory, AdminDiscipline, CategoryCreate, CategoryUpdate, DisciplineCreate, DisciplineUpdate } from '../../../common/admin-catalogue.ts';
import { api } from '../../lib/api.ts';
import { disciplineKeys } from '../../lib/disciplines.ts';
import { homeKeys } from '../home/index.ts';
import { adminKeys } from './admin.api.ts';

export const catalogueKeys = {
  all: [...adminKeys.all, 'catalogue'] as const,
  disciplines: [...adminKeys.all, 'catalogue', 'disciplines'] as const,
  discipline: (id: string) => [...adminKeys.all, 'catalogue', 'disciplines', id] as const,
  categories: [...adminKeys.all, 'catalogue', 'categories'] as const,
  category: (id: string) => [...adminKeys.all, 'catalogue', 'categories', id] as const,
};

const path = (kind: 'disciplines' | 'categories', id?: string) => `/api/admin/${kind}${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;

/** A catalogue change shows at once in the admin lists, the menus, the category and hub pages and the home figures. */
function refreshCatalogue(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: catalogueKeys.all }),
    client.invalidateQueries({ queryKey: disciplineKeys.categories }),
    client.invalidateQueries({ queryKey: disciplineKeys.disciplines }),
    client.invalidateQueries({ queryKey: homeKeys.stats }),
    client.invalidateQueries({ queryKey: adminKeys.overview }),
  ]);
}

export const catalogueQueries = {
  disciplines: () =>
    queryOptions({ queryKey: catalogueKeys.disciplines, queryFn: ({ signal }) => api<AdminDiscipline[]>(path('disciplines'), { signal }), retry: false }),
  discipline: (id: string) =>
    queryOptions({ queryKey: catalogueKeys.discipline(id), queryFn: ({ signal }) => api<AdminDiscipline>(path('disciplines', id), { signal }), retry: false }),
  categories: () =>
    queryOptions({ queryKey: catalogueKeys.categories, queryFn: ({ signal }) => api<AdminCategory[]>(path('categories'), { signal }), retry: false }),
  category: (id: string) =>
    queryOptions({ queryKey: catalogueKeys.category(id), queryFn: ({ signal }) => api<AdminCategory>(path('categories', id), { signal }), retry: false }),
};

export function useAdminDisciplines() {
  return useQuery(catalogueQueries.disciplines());
}

export function useAdminDiscipline(id: string | undefined) {
  return useQuery({ ...catalogueQueries.discipline(id ?? ''), enabled: id !== undefined });
}

export function useAdminCategories() {
  return useQuery(catalogueQueries.categories());
}

export function useAdminCategory(id: string | undefined) {
  return useQuery({ ...catalogueQueries.category(id ?? ''), enabled: id !== undefined });
}

/** Create (no `id` given) or edit the catalogue item `id` of `kind`: the edit body never carries the immutable ID. */
function useSaveCatalogueItem<Body, Saved>(kind: 'disciplines' | 'categories', id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => (id === undefined ? api<Saved>(path(kind), { method: 'POST', body }) : api<Saved>(path(kind, id), { method: 'PUT', body })),
    onSuccess: () => refreshCatalogue(client),
  });
}

export const useSaveDiscipline = (id: string | undefined) => useSaveCatalogueItem<DisciplineCreate | DisciplineUpdate, AdminDiscipline>('disciplines', id);
export const useSaveCategory = (id: string | undefined) => useSaveCatalogueItem<CategoryCreate | CategoryUpdate, AdminCategory>('categories', id);

export function useDeleteCatalogueItem(kind: 'disciplines' | 'categories') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(path(kind, id), { method: 'DELETE' }),
    onSuccess: () => refreshCatalogue(client),
  });
}
