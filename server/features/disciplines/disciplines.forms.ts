import { field, segment, type FormActions } from '../../lib/forms.ts';

/** The discipline page's forms (server/lib/forms.ts). */
export const disciplinesForms: FormActions = {
  'follow-discipline': {
    method: 'PUT',
    path: (f) => `/api/disciplines/${segment(f, 'disciplineId')}/follow`,
    done: (_answer, f) => ({ kind: 'success', title: 'discipline.toast.followed', params: { discipline: field(f, 'label') } }),
    // Spec §6: 'Login Required / You must be logged in to follow disciplines.', as the page's toast.
    signedOut: { kind: 'error', title: 'discipline.toast.loginRequired', text: 'discipline.toast.loginRequiredText' },
  },
  'unfollow-discipline': {
    method: 'DELETE',
    path: (f) => `/api/disciplines/${segment(f, 'disciplineId')}/follow`,
    done: (_answer, f) => ({ kind: 'success', title: 'discipline.toast.unfollowed', params: { discipline: field(f, 'label') } }),
  },
};
