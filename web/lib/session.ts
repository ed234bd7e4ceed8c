import { queryOptions } from '@tanstack/react-query';
import type { SessionUser } from '../../common/schemas.ts';
import { api } from './api.ts';
import { useFrameQuery } from './route-data.ts';

// Who is signed in is read by every page's frame, by web/lib and by most features: it lives below
// them all, while signing in and out stay with the auth feature (web/features/auth/auth.api.ts).

export const authKeys = { me: ['auth', 'me'] as const };

export const authQueries = {
  /** Who is signed in (`user` null for a visitor): every page's header needs it. */
  me: () => queryOptions({ queryKey: authKeys.me, queryFn: () => api<{ user: SessionUser | null }>('/api/me'), staleTime: 60_000 }),
};

export function useMe() {
  const query = useFrameQuery(authQueries.me());
  return { user: query.data?.user ?? null, isLoading: query.isLoading };
}
