/**
 * The discipline pages' actions without the discipline schemas (common/schemas.ts): nothing here
 * imports zod (docs/decisions/0009-basics-modules.md).
 */
import { defineAction } from './actions.ts';

/** Whether one follows a discipline after following or unfollowing it, and how many do (common/schemas.ts `followStateSchema`). */
type DisciplineFollowAnswer = { following: boolean; members: number };
/** `label` is the discipline's name, as the page showed it: the message names it. */
type FollowDisciplineFields = { id: string; label?: string };

/** Following a discipline from its page, and no longer: one definition each (common/actions.ts). */
export const followDisciplineAction = defineAction<FollowDisciplineFields, DisciplineFollowAnswer>()({
  name: 'follow-discipline',
  method: 'PUT',
  path: '/api/disciplines/:id/follow',
  done: (_answer, fields) => ({ kind: 'success', title: 'discipline.toast.followed', params: { discipline: fields.label ?? '' } }),
  // Spec §6: 'Login Required / You must be logged in to follow disciplines.', as the page's toast.
  signedOut: { kind: 'error', title: 'discipline.toast.loginRequired', text: 'discipline.toast.loginRequiredText' },
});

export const unfollowDisciplineAction = defineAction<FollowDisciplineFields, DisciplineFollowAnswer>()({
  name: 'unfollow-discipline',
  method: 'DELETE',
  path: '/api/disciplines/:id/follow',
  done: (_answer, fields) => ({ kind: 'success', title: 'discipline.toast.unfollowed', params: { discipline: fields.label ?? '' } }),
});
