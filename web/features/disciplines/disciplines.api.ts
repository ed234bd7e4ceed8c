import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryWithDisciplines, DisciplineHub, DisciplineSummary } from '../../../common/schemas.ts';
import { api } from '../../lib/api.ts';
import { SITE_WIDE } from '../../lib/route-data.ts';

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
    queryOptions({ queryKey: disciplineKeys.disciplines, queryFn: () => api<DisciplineSummary[]>('/api/disciplines'), staleTime: 5 * 60_000 }),
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

export function useFollowDiscipline(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      api<{ following: boolean; members: number }>(`/api/disciplines/${encodeURIComponent(id)}/follow`, { method: follow ? 'PUT' : 'DELETE' }),
    onSuccess: (state) => {
      client.setQueryData<DisciplineHub>(disciplineKeys.hub(id), (hub) =>
        hub ? { ...hub, following: state.following, stats: { ...hub.stats, members: state.members } } : hub,
      );
      // Followers of a discipline are its athletes. Their lists' module comes only now: these
      // queries are part of every page's first load, the athletes' list code is not.
      void import('../athletes/athletes.api.ts').then(({ athleteKeys }) => client.invalidateQueries({ queryKey: athleteKeys.all }));
    },
  });
}
