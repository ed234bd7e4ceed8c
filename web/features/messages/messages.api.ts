import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Conversation, ConversationSummary, Message, MessagePage } from '../../../common/messages.ts';
import { MESSAGE_PAGE_SIZE } from '../../../common/paging.ts';
import type { PublicProfile } from '../../../common/profiles.ts';
import { api } from '../../lib/api.ts';
import { profileKeys } from '../profiles/index.ts';

// Everything starts with 'conversations': the live client invalidates that key on new messages.
export const conversationKeys = {
  all: ['conversations'] as const,
  list: ['conversations', 'list'] as const,
  unread: ['conversations', 'unread'] as const,
  one: (id: string) => ['conversations', 'one', id] as const,
  messages: (id: string) => ['conversations', 'one', id, 'messages'] as const,
};

const path = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;

export const conversationQueries = {
  /** The header's count of unread messages. */
  unread: () => queryOptions({ queryKey: conversationKeys.unread, queryFn: () => api<{ count: number }>('/api/conversations/unread-count') }),
  list: () => queryOptions({ queryKey: conversationKeys.list, queryFn: () => api<ConversationSummary[]>('/api/conversations') }),
  one: (id: string) => queryOptions({ queryKey: conversationKeys.one(id), queryFn: () => api<Conversation>(path(id)), retry: false }),
  /** History newest page first; each next page is older (`before` the oldest shown). */
  messages: (id: string) =>
    infiniteQueryOptions({
      queryKey: conversationKeys.messages(id),
      queryFn: ({ pageParam, signal }) =>
        api<MessagePage>(`${path(id)}/messages?limit=${MESSAGE_PAGE_SIZE}${pageParam ? `&before=${pageParam}` : ''}`, { signal }),
      initialPageParam: 0,
      getNextPageParam: (last: MessagePage) => (last.hasMore && last.items[0] ? last.items[0].id : undefined),
    }),
};

export function useUnreadMessages(enabled: boolean) {
  return useQuery({ ...conversationQueries.unread(), enabled, select: (d) => d.count });
}

export function useConversations(enabled = true) {
  return useQuery({ ...conversationQueries.list(), enabled });
}

export function useConversation(id: string | undefined) {
  return useQuery({ ...conversationQueries.one(id ?? ''), enabled: Boolean(id) });
}

export function useMessages(id: string | undefined) {
  return useInfiniteQuery({ ...conversationQueries.messages(id ?? ''), enabled: Boolean(id) });
}

export function useSendMessage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api<Message>(`${path(id)}/messages`, { method: 'POST', body: { body } }),
    onSuccess: (message) => {
      client.setQueryData<InfiniteData<MessagePage, number>>(conversationKeys.messages(id), (data) => {
        if (!data?.pages[0] || data.pages[0].items.some((m) => m.id === message.id)) return data;
        const [first, ...rest] = data.pages;
        return { ...data, pages: [{ ...first, items: [...first.items, message] }, ...rest] };
      });
      void client.invalidateQueries({ queryKey: conversationKeys.list });
    },
  });
}

export function useMarkRead(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => api<void>(`${path(id)}/read`, { method: 'POST', body: { messageId } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: conversationKeys.list });
      void client.invalidateQueries({ queryKey: conversationKeys.unread });
    },
  });
}

export function useStartConversation() {
  return useMutation({ mutationFn: (userId: string) => api<{ id: string }>('/api/conversations', { method: 'POST', body: { userId } }) });
}

export function useBlockPerson(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) => api<void>(`/api/profiles/${encodeURIComponent(id)}/block`, { method: block ? 'PUT' : 'DELETE' }),
    onSuccess: (_, block) => {
      client.setQueryData<PublicProfile>(profileKeys.public(id), (p) => (p ? { ...p, blockedByMe: block } : p));
      // A block ends the follows both ways (counts and lists of both people) and closes the conversation.
      void client.invalidateQueries({ queryKey: ['profiles'] });
      void client.invalidateQueries({ queryKey: conversationKeys.all });
    },
  });
}
