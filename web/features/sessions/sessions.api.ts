import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../common/content.ts';
import type { PlaceSessions, Session, SessionInput } from '../../../common/sessions.ts';
import { acceptSessionTagAction, declineSessionTagAction, deleteSessionAction } from '../../../common/sessions-basics.ts';
import type { Trick } from '../../../common/tricks.ts';
import { api, sendAction } from '../../lib/api.ts';
import { sendOrQueue } from '../../lib/outbox.ts';
import { useMe } from '../../lib/session.ts';
import { profileQueries } from '../profiles/index.ts';

export const sessionKeys = {
  all: ['sessions'] as const,
  place: (placeId: string) => ['sessions', 'place', placeId] as const,
};

// The form lists a discipline's tricks in one page, as many as the list API gives at once.
const TRICK_CHOICES = 50;

export const sessionQueries = {
  /** Who rides at the place now and its recent sessions, as the viewer may see them. */
  place: (placeId: string) =>
    queryOptions({
      queryKey: sessionKeys.place(placeId),
      queryFn: ({ signal }) => api<PlaceSessions>(`/api/places/${encodeURIComponent(placeId)}/sessions`, { signal }),
    }),
  /** The tricks a session at a place of `disciplineId` may name: the tricktionary's list (under its key, refreshed with it). */
  trickChoices: (disciplineId: string) =>
    queryOptions({
      queryKey: ['tricks', 'choices', disciplineId] as const,
      queryFn: ({ signal }) => api<Page<Trick>>(`/api/disciplines/${encodeURIComponent(disciplineId)}/tricks?limit=${TRICK_CHOICES}`, { signal }),
    }),
  /** The people the rider may tag: those they follow. */
  following: (userId: string) => profileQueries.people(userId, 'following'),
};

export function usePlaceSessions(placeId: string) {
  return useQuery(sessionQueries.place(placeId));
}

export function useTrickChoices(disciplineId: string, enabled: boolean) {
  return useQuery({ ...sessionQueries.trickChoices(disciplineId), enabled });
}

export function useFollowing(userId: string | undefined) {
  return useQuery({ ...sessionQueries.following(userId ?? ''), enabled: Boolean(userId) });
}

/** A session also lands its tricks in the rider's progression: the tricks' queries refresh too. */
/** Logs a session; `label` names it while it waits for a connection. */
export function useLogSession(label: string) {
  const client = useQueryClient();
  const { user } = useMe();
  return useMutation({
    // Without a connection the check-in waits on the device (web/lib/outbox.ts) and is sent later.
    // Run even offline (TanStack Query would pause it until the connection returns, in this tab only).
    networkMode: 'always',
    mutationFn: (input: SessionInput) =>
      sendOrQueue<Session>({ userId: user?.id ?? '', method: 'POST', path: '/api/sessions', body: input, label, invalidate: [sessionKeys.all, ['tricks']] }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: sessionKeys.all }), client.invalidateQueries({ queryKey: ['tricks'] })]),
  });
}

export function useDeleteSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendAction(deleteSessionAction, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/** A tagged companion's answer; the bell's notifications show it after. */
export function useAnswerTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, accept }: { sessionId: string; accept: boolean }) =>
      accept ? sendAction(acceptSessionTagAction, { id: sessionId, accept }) : sendAction(declineSessionTagAction, { id: sessionId, accept }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: sessionKeys.all }), client.invalidateQueries({ queryKey: ['notifications'] })]),
  });
}
