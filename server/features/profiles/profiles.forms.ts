import { field, segment, type FormActions } from '../../lib/forms.ts';

/** The public profile's follow button as forms (server/lib/forms.ts). */
export const profilesForms: FormActions = {
  'follow-person': {
    method: 'PUT',
    path: (f) => `/api/profiles/${segment(f, 'userId')}/follow`,
    done: (_answer, f) => ({ kind: 'success', title: 'profile.public.followed', params: { name: field(f, 'name') } }),
  },
  'unfollow-person': {
    method: 'DELETE',
    path: (f) => `/api/profiles/${segment(f, 'userId')}/follow`,
    done: (_answer, f) => ({ kind: 'success', title: 'profile.public.unfollowed', params: { name: field(f, 'name') } }),
  },
};
