import { field, segment, type FormActions } from '../../lib/forms.ts';

const access = (f: URLSearchParams) => `/api/places/${segment(f, 'placeId')}`;

/** The place page's access forms (server/lib/forms.ts): its status and closures (admins and stewards), its stewards (admins). */
export const placesForms: FormActions = {
  'place-access-status': {
    method: 'PUT',
    path: (f) => `${access(f)}/access`,
    body: (f) => ({ status: field(f, 'status') }),
    done: { kind: 'success', title: 'places.access.toast.statusSaved' },
  },
  'place-closure-add': {
    method: 'POST',
    path: (f) => `${access(f)}/closures`,
    // An unticked checkbox sends nothing.
    body: (f) => ({ startsOn: field(f, 'startsOn'), endsOn: field(f, 'endsOn'), reason: field(f, 'reason'), yearly: f.get('yearly') !== null }),
    done: { kind: 'success', title: 'places.access.toast.closureAdded' },
  },
  'place-closure-remove': {
    method: 'DELETE',
    path: (f) => `${access(f)}/closures/${segment(f, 'closureId')}`,
    done: { kind: 'success', title: 'places.access.toast.closureRemoved' },
  },
  'place-steward-add': {
    method: 'POST',
    path: (f) => `${access(f)}/stewards`,
    body: (f) => ({ userId: field(f, 'userId') }),
    done: { kind: 'success', title: 'places.access.toast.stewardAdded' },
  },
  'place-steward-remove': {
    method: 'DELETE',
    path: (f) => `${access(f)}/stewards/${segment(f, 'userId')}`,
    done: { kind: 'success', title: 'places.access.toast.stewardRemoved' },
  },
};
