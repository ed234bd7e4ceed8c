/**
 * What team pages need without the team schemas (common/teams.ts): nothing here imports zod, so a
 * visitor's team page does not load the forms' validation.
 */
import { defineAction } from './actions.ts';

export const DEFAULT_TEAM_TYPE = 'Pro';
export const SUGGESTED_TEAM_TYPES = ['Pro', 'Amateur'] as const;
export const MEMBER_SEARCH_MIN = 3;
export const MEMBER_SEARCH_MAX_RESULTS = 5;
export const TEAM_MAX_DISCIPLINES = 10;

/** How a request to join ends: let in (an open team) or a request waiting for the leader (a private one). */
type JoinAnswer = { status: 'joined' | 'requested' };
/** How an invitation's answer ends. */
type InvitationAnswer = { status: 'joined' | 'declined' };

/** Joining a team and leaving it, and the invited person's answer: one definition each (common/actions.ts). */
export const joinTeamAction = defineAction<{ id: string }, JoinAnswer>()({
  name: 'join-team',
  method: 'POST',
  path: '/api/teams/:id/join',
  // One action for both: the answer says whether the team let the person in or took a request.
  done: (answer) =>
    answer.status === 'requested'
      ? { kind: 'success', title: 'teams.requestSent', text: 'teams.requestSentText' }
      : { kind: 'success', title: 'teams.toast.welcome', text: 'teams.toast.joined' },
  // Spec §8, as the page's toast (a session that ended since the page showed the button).
  signedOut: { kind: 'error', title: 'teams.toast.authRequired', text: 'teams.toast.loginToJoin' },
});

export const leaveTeamAction = defineAction<{ id: string }, null>()({
  name: 'leave-team',
  method: 'DELETE',
  path: '/api/teams/:id/membership',
  done: { kind: 'success', title: 'teams.toast.left' },
});

export const cancelJoinRequestAction = defineAction<{ id: string }, null>()({
  name: 'cancel-join-request',
  method: 'DELETE',
  path: '/api/teams/:id/join-request',
  done: { kind: 'success', title: 'teams.toast.requestCancelled' },
});

// `teamName` (the team's name when the page was drawn) is only for the message.
export const acceptInvitationAction = defineAction<{ id: string; teamName?: string }, InvitationAnswer>()({
  name: 'accept-invitation',
  method: 'POST',
  path: '/api/teams/:id/invitation/accept',
  done: (_answer, fields) => ({ kind: 'success', title: 'teams.invitation.joined', params: { team: fields.teamName ?? '' } }),
});

export const declineInvitationAction = defineAction<{ id: string; teamName?: string }, InvitationAnswer>()({
  name: 'decline-invitation',
  method: 'POST',
  path: '/api/teams/:id/invitation/decline',
  done: (_answer, fields) => ({ kind: 'success', title: 'teams.invitation.declined', params: { team: fields.teamName ?? '' } }),
});
