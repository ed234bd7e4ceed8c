/**
 * A place's access statuses, without zod: the places list and its cards (a visitor's pages) read them,
 * and zod comes only with the forms (web/bundle-budget.test.ts). The schemas are in ./place-access.ts.
 */
import { defineAction } from './actions.ts';
import type { PlaceAccess } from './place-access.ts';

export const ACCESS_STATUSES = ['open', 'restricted', 'permit', 'closed'] as const;
export type AccessStatus = (typeof ACCESS_STATUSES)[number];

/**
 * The changes of a place's access (common/actions.ts), each a JSON route and the place page's plain
 * form: `id` is the place's, and every answer is its access as it now is (the page redraws from it).
 */
export const placeAccessStatusAction = defineAction<{ id: string; status: AccessStatus }, PlaceAccess>()({
  name: 'place-access-status',
  method: 'PUT',
  path: '/api/places/:id/access',
  done: { kind: 'success', title: 'places.access.toast.statusSaved' },
});

export const placeClosureAddAction = defineAction<{ id: string; startsOn: string; endsOn: string; reason: string; yearly?: boolean }, PlaceAccess>()({
  name: 'place-closure-add',
  method: 'POST',
  path: '/api/places/:id/closures',
  done: { kind: 'success', title: 'places.access.toast.closureAdded' },
});

export const placeClosureRemoveAction = defineAction<{ id: string; closureId: string }, PlaceAccess>()({
  name: 'place-closure-remove',
  method: 'DELETE',
  path: '/api/places/:id/closures/:closureId',
  done: { kind: 'success', title: 'places.access.toast.closureRemoved' },
});

export const placeStewardAddAction = defineAction<{ id: string; userId: string }, PlaceAccess>()({
  name: 'place-steward-add',
  method: 'POST',
  path: '/api/places/:id/stewards',
  done: { kind: 'success', title: 'places.access.toast.stewardAdded' },
});

export const placeStewardRemoveAction = defineAction<{ id: string; userId: string }, PlaceAccess>()({
  name: 'place-steward-remove',
  method: 'DELETE',
  path: '/api/places/:id/stewards/:userId',
  done: { kind: 'success', title: 'places.access.toast.stewardRemoved' },
});
