import { field, segment, type FormActions } from '../../lib/forms.ts';

const teamPath = (f: URLSearchParams) => `/api/teams/${segment(f, 'teamId')}`;

/** The team page's forms (server/lib/forms.ts): the same messages as the page's toasts. */
export const teamsForms: FormActions = {
  // One form for both: the API says whether the team let the person in or took a request.
  'join-team': {
    method: 'POST',
    path: (f) => `${teamPath(f)}/join`,
    done: (answer) =>
      (answer as { status?: string } | null)?.status === 'requested'
        ? { kind: 'success', title: 'teams.requestSent', text: 'teams.requestSentText' }
        : { kind: 'success', title: 'teams.toast.welcome', text: 'teams.toast.joined' },
    // Spec §8, as the page's toast (a session that ended since the page showed the button).
    signedOut: { kind: 'error', title: 'teams.toast.authRequired', text: 'teams.toast.loginToJoin' },
  },
  'leave-team': {
    method: 'DELETE',
    path: (f) => `${teamPath(f)}/membership`,
    done: { kind: 'success', title: 'teams.toast.left' },
  },
  'cancel-join-request': {
    method: 'DELETE',
    path: (f) => `${teamPath(f)}/join-request`,
    done: { kind: 'success', title: 'teams.toast.requestCancelled' },
  },
  'accept-invitation': {
    method: 'POST',
    path: (f) => `${teamPath(f)}/invitation/accept`,
    done: (_answer, f) => ({ kind: 'success', title: 'teams.invitation.joined', params: { team: field(f, 'teamName') } }),
  },
  'decline-invitation': {
    method: 'POST',
    path: (f) => `${teamPath(f)}/invitation/decline`,
    done: (_answer, f) => ({ kind: 'success', title: 'teams.invitation.declined', params: { team: field(f, 'teamName') } }),
  },
};
