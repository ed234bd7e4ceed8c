import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryWithDisciplines, DisciplineHub, DisciplineSummary } from '../../common/schemas.ts';
import { api } from './api.ts';
import { SITE_WIDE } from './route-data.ts';

// The categories and disciplines every section hangs under: the frame's menus, the section pages and
// the admin's forms read them, so they live below the features; following a discipline stays with
// the disciplines feature (web/features/disciplines/disciplines.api.ts).

export const disciplineKeys = {
  categories: ['categories'] as const,
  category: (id: string) => ['categories', id] as const,
  disciplines: ['disciplines'] as const,
  hub: (id: string) => ['disciplines', id] as const,
};

export const disciplineQueries = {
  /** Spec §8: a failure to load categories is only logged; the list stays empty. */
  categories: () =>
    queryOptions({
      queryKey: disciplineKeys.categories,
      queryFn: () =>
        api<CategoryWithDisciplines[]>('/api/categories').catch((error) => {
          console.warn('Could not load categories', error);
          return [] as CategoryWithDisciplines[];
        }),
      staleTime: 5 * 60_000,
      meta: SITE_WIDE,
    }),
  category: (id: string) =>
    queryOptions({
      queryKey: disciplineKeys.category(id),
      queryFn: () => api<CategoryWithDisciplines>(`/api/categories/${encodeURIComponent(id)}`),
      retry: false,
    }),
  disciplines: () =>
    queryOptions({ queryKey: disciplineKeys.disciplines, queryFn: () => api<DisciplineSummary[]>('/api/disciplines'), staleTime: 5 * 60_000, meta: SITE_WIDE }),
  hub: (id: string) =>
    queryOptions({
      queryKey: disciplineKeys.hub(id),
      queryFn: () => api<DisciplineHub>(`/api/disciplines/${encodeURIComponent(id)}`),
      retry: false,
    }),
};

export function useCategories() {
  return useQuery(disciplineQueries.categories());
}

export function useCategory(id: string) {
  return useQuery(disciplineQueries.category(id));
}

export function useDisciplines() {
  return useQuery(disciplineQueries.disciplines());
}

export function useDisciplineHub(id: string) {
  return useQuery(disciplineQueries.hub(id));
}
