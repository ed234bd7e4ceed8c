import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserPage } from '../../../common/admin-users.ts';
import { actionRequest, doneMessage, type Action } from '../../../common/actions.ts';
import { placeAccessStatusAction, placeClosureRemoveAction, placeStewardAddAction, placeStewardRemoveAction } from '../../../common/place-access-basics.ts';
import type { AccessStatus, ClosureInput, PlaceAccess } from '../../../common/place-access.ts';
import { api } from '../../lib/api.ts';

/** A place's access (issue 20 item 3): its status, closures, stewards and history, read by the place page's route. */

const base = (placeId: string) => `/api/places/${encodeURIComponent(placeId)}`;

export const placeAccessKeys = {
  detail: (placeId: string) => ['places', 'access', placeId] as const,
  stewardSearch: (q: string) => ['places', 'steward-search', q] as const,
};

export const placeAccessQueries = {
  detail: (placeId: string) =>
    queryOptions({
      queryKey: placeAccessKeys.detail(placeId),
      queryFn: ({ signal }) => api<PlaceAccess>(`${base(placeId)}/access`, { signal }),
      retry: false,
    }),
};

/** People an admin may name as stewards, found by name or email (the admin's user search). */
export const stewardSearchQuery = (q: string) =>
  queryOptions({
    queryKey: placeAccessKeys.stewardSearch(q.trim()),
    queryFn: ({ signal }) => api<AdminUserPage>(`/api/admin/users?${new URLSearchParams({ q: q.trim(), limit: '8' })}`, { signal }),
    select: peopleOf,
    staleTime: 10_000,
    retry: false,
  });
// One function for every render: a new `select` would make the query run it again each time.
const peopleOf = (page: AdminUserPage) => page.items;

/** A change of a place's access: one of its actions (common/place-access-basics.ts), or a closure added. */
export type Change =
  | { kind: 'status'; status: AccessStatus }
  | { kind: 'add-closure'; closure: ClosureInput }
  | { kind: 'remove-closure'; closureId: string }
  | { kind: 'add-steward'; userId: string }
  | { kind: 'remove-steward'; userId: string };

/** A change as its action: the request the app sends, and the message of its success (the plain form's too). */
const asAction = <F extends object>(action: Action<string, F, PlaceAccess>, fields: F) => ({
  request: actionRequest(action, fields),
  done: (answer: PlaceAccess) => doneMessage(action, answer, fields),
});

/** Each change but a closure added is an action; `id` is the place's. */
export function changeAction(id: string, change: Exclude<Change, { kind: 'add-closure' }>) {
  switch (change.kind) {
    case 'status':
      return asAction(placeAccessStatusAction, { id, status: change.status });
    case 'remove-closure':
      return asAction(placeClosureRemoveAction, { id, closureId: change.closureId });
    case 'add-steward':
      return asAction(placeStewardAddAction, { id, userId: change.userId });
    case 'remove-steward':
      return asAction(placeStewardRemoveAction, { id, userId: change.userId });
  }
}

function send(placeId: string, change: Change): Promise<PlaceAccess> {
  if (change.kind === 'add-closure') return api(`${base(placeId)}/closures`, { method: 'POST', body: change.closure });
  const { path, ...init } = changeAction(placeId, change).request;
  return api(path, init);
}

/** One change of a place's access; the answer is its access as it now is, and the places (cards, map, the place) read afresh. */
export function useChangeAccess(placeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) => send(placeId, change),
    onSuccess: (access) => {
      client.setQueryData(placeAccessKeys.detail(placeId), access);
      return client.invalidateQueries({ queryKey: ['places'], predicate: (q) => q.queryKey[1] !== 'access' });
    },
  });
}
