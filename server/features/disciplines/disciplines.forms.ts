import { field, segment, type FormActions } from '../../lib/forms.ts';

/** The discipline page's forms (server/lib/forms.ts). */
export const disciplinesForms: FormActions = {
  'follow-discipline': {
    method: 'PUT',
    path: (f) => `/api/disciplines/${segment(f, 'disciplineId')}/follow`,
    done: (_answer, f) => ({ kind: 'success', title: 'discipline.toast.followed', params: { discipline: field(f, 'label') } }),
  },
  'unfollow-discipline': {
    method: 'DELETE',
    path: (f) => `/api/disciplines/${segment(f, 'disciplineId')}/follow`,
    done: (_answer, f) => ({ kind: 'success', title: 'discipline.toast.unfollowed', params: { discipline: field(f, 'label') } }),
  },
};
