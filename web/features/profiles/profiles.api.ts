import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Activity, ChangePasswordInput, OwnProfile, ProfileUpdate, PublicProfile } from '../../../common/profiles.ts';
import type { Person } from '../../../common/teams.ts';
import { followPersonAction, unfollowPersonAction } from '../../../common/profiles-basics.ts';
import { api, apiUpload, sendAction } from '../../lib/api.ts';
import { athleteKeys } from '../athletes/index.ts';
import { authKeys } from '../../lib/session.ts';

export const profileKeys = {
  own: ['profile', 'own'] as const,
  public: (id: string) => ['profiles', id] as const,
  activity: (id: string) => ['profiles', id, 'activity'] as const,
  people: (id: string, direction: 'followers' | 'following') => ['profiles', id, direction] as const,
};

export const profileQueries = {
  own: () => queryOptions({ queryKey: profileKeys.own, queryFn: ({ signal }) => api<OwnProfile>('/api/profile', { signal }) }),
  public: (id: string) =>
    queryOptions({
      queryKey: profileKeys.public(id),
      queryFn: ({ signal }) => api<PublicProfile>(`/api/profiles/${encodeURIComponent(id)}`, { signal }),
      retry: false,
    }),
  activity: (id: string) =>
    queryOptions({
      queryKey: profileKeys.activity(id),
      queryFn: ({ signal }) => api<Activity[]>(`/api/profiles/${encodeURIComponent(id)}/activity?limit=30`, { signal }),
    }),
  people: (id: string, direction: 'followers' | 'following') =>
    queryOptions({
      queryKey: profileKeys.people(id, direction),
      queryFn: ({ signal }) => api<Person[]>(`/api/profiles/${encodeURIComponent(id)}/${direction}?limit=50`, { signal }),
    }),
};

export function useOwnProfile(enabled: boolean) {
  return useQuery({ ...profileQueries.own(), enabled });
}

export function usePublicProfile(id: string) {
  return useQuery(profileQueries.public(id));
}

export function useActivity(id: string | undefined) {
  return useQuery({ ...profileQueries.activity(id ?? ''), enabled: Boolean(id) });
}

export function usePeople(id: string | undefined, direction: 'followers' | 'following') {
  return useQuery({ ...profileQueries.people(id ?? '', direction), enabled: Boolean(id) });
}

/** Every change of the own profile answers the whole profile: it replaces the cache. */
function useOwnProfileMutation<V>(fn: (input: V) => Promise<OwnProfile>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (profile) => {
      client.setQueryData(profileKeys.own, profile);
      void client.invalidateQueries({ queryKey: authKeys.me });
      void client.invalidateQueries({ queryKey: profileKeys.public(profile.id) });
      // Athlete cards show the name, avatar, location, level and achievements.
      void client.invalidateQueries({ queryKey: athleteKeys.all });
    },
  });
}

export const useUpdateProfile = () => useOwnProfileMutation((input: ProfileUpdate) => api<OwnProfile>('/api/profile', { method: 'PATCH', body: input }));
export const useSetAchievements = () =>
  useOwnProfileMutation((achievements: string[]) => api<OwnProfile>('/api/profile/achievements', { method: 'PUT', body: { achievements } }));
export const useUploadProfileImage = (kind: 'avatar' | 'banner') =>
  useOwnProfileMutation((file: File | null) =>
    file ? apiUpload<OwnProfile>(`/api/profile/${kind}`, file) : api<OwnProfile>(`/api/profile/${kind}`, { method: 'DELETE' }),
  );

/** Follows or unfollows; the profile shows the new state and count at once and goes back if refused. */
export function useFollowPerson(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => sendAction(follow ? followPersonAction : unfollowPersonAction, { id }),
    onMutate: async (follow) => {
      await client.cancelQueries({ queryKey: profileKeys.public(id) });
      const before = client.getQueryData<PublicProfile>(profileKeys.public(id));
      if (before && before.isFollowing !== follow) {
        client.setQueryData<PublicProfile>(profileKeys.public(id), { ...before, isFollowing: follow, followers: before.followers + (follow ? 1 : -1) });
      }
      return { before };
    },
    onError: (_error, _follow, context) => {
      if (context?.before) client.setQueryData(profileKeys.public(id), context.before);
    },
    onSuccess: (state) => {
      client.setQueryData<PublicProfile>(profileKeys.public(id), (p) => (p ? { ...p, isFollowing: state.following, followers: state.followers } : p));
      void client.invalidateQueries({ queryKey: profileKeys.people(id, 'followers') });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      api('/api/auth/change-password', { method: 'POST', body: { currentPassword: input.currentPassword, newPassword: input.newPassword } }),
  });
}

export function useDeleteAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api('/api/auth/delete-user', { method: 'POST', body: { password } }),
    onSuccess: () => {
      client.setQueryData(authKeys.me, { user: null });
      client.removeQueries({ queryKey: profileKeys.own });
      return client.invalidateQueries();
    },
  });
}
