import { field, segment, type FormActions } from '../../lib/forms.ts';

/**
 * The place page's closure form (server/lib/forms.ts), for admins and stewards. The other access
 * changes are actions defined once (common/place-access-basics.ts); this one stays apart because its
 * input checks its days against each other, which an input split into path and body cannot carry.
 */
export const placesForms: FormActions = {
  'place-closure-add': {
    method: 'POST',
    path: (f) => `/api/places/${segment(f, 'placeId')}/closures`,
    // An unticked checkbox sends nothing.
    body: (f) => ({ startsOn: field(f, 'startsOn'), endsOn: field(f, 'endsOn'), reason: field(f, 'reason'), yearly: f.get('yearly') !== null }),
    done: { kind: 'success', title: 'places.access.toast.closureAdded' },
  },
};
