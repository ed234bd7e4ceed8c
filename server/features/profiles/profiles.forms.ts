import { field, type FormActions } from '../../lib/forms.ts';

/** The own profile's edit form (server/lib/forms.ts); its pictures are uploaded by the app's scripts only. */
export const profilesForms: FormActions = {
  'edit-profile': {
    method: 'PATCH',
    path: () => '/api/profile',
    // An empty level is 'not set', as the app's select sends it.
    body: (f) => ({ name: field(f, 'name'), bio: field(f, 'bio'), location: field(f, 'location'), athleteLevel: field(f, 'athleteLevel') || null }),
    done: { kind: 'success', title: 'profile.saved' },
    to: () => '/profile',
    // Back to the open form.
    failTo: () => '/profile?edit=1',
  },
};
