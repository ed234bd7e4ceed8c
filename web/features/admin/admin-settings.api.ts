import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactMessage, ContactMessageList, SetupAdminResult, SiteImageSetting } from '../../../common/admin-settings.ts';
import { MESSAGES_PAGE_SIZE } from '../../../common/paging.ts';
import type { LanguageCode } from '../../../common/languages.ts';
import type { SiteSettings } from '../../../common/schemas.ts';
import { api, apiUpload } from '../../lib/api.ts';
import { settingsKeys } from '../../lib/site-settings.ts';
import { adminKeys } from './admin.api.ts';

export const adminSettingsKeys = {
  messages: [...adminKeys.all, 'messages'] as const,
};

/** The answer is the new public settings: the header logo, home background and language selector follow at once. */
function useSettingsMutation<V>(send: (variables: V) => Promise<SiteSettings>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (settings) => {
      client.setQueryData(settingsKeys.all, settings);
      return client.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}

export function useSaveLanguages() {
  return useSettingsMutation((enabledLanguages: LanguageCode[]) =>
    api<SiteSettings>('/api/admin/settings/languages', { method: 'PUT', body: { enabledLanguages } }),
  );
}

export function useUploadSiteImage(kind: SiteImageSetting) {
  return useSettingsMutation((file: File) => apiUpload<SiteSettings>(`/api/admin/settings/${kind}`, file, { method: 'POST' }));
}

export function useResetSiteImage(kind: SiteImageSetting) {
  return useSettingsMutation(() => api<SiteSettings>(`/api/admin/settings/${kind}`, { method: 'DELETE' }));
}

export function useContactMessages() {
  return useInfiniteQuery({
    queryKey: adminSettingsKeys.messages,
    queryFn: ({ pageParam, signal }) => api<ContactMessageList>(`/api/admin/messages?page=${pageParam}&limit=${MESSAGES_PAGE_SIZE}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    retry: false,
  });
}

export function useMarkMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) =>
      api<ContactMessage>(`/api/admin/messages/${encodeURIComponent(id)}/read`, { method: 'POST', body: { read } }),
    onSuccess: (message) => {
      // Updated in place, so that Load More pages already shown keep their order.
      client.setQueryData<{ pages: ContactMessageList[]; pageParams: unknown[] }>(
        adminSettingsKeys.messages,
        (data) => data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((m) => (m.id === message.id ? message : m)) })) },
      );
      return client.invalidateQueries({ queryKey: adminKeys.overview });
    },
  });
}

export function setupAdmin(): Promise<SetupAdminResult> {
  return api<SetupAdminResult>('/api/setup-admin', { method: 'POST' });
}
