/** What athlete pages need without the profile schemas (common/profiles.ts): nothing here imports zod. */
import { defineAction } from './actions.ts';

export const ATHLETE_LEVELS = ['professional', 'amateur'] as const;
export type AthleteLevel = (typeof ATHLETE_LEVELS)[number];

/** How a person stands with another after following or unfollowing (common/profiles.ts `userFollowStateSchema`). */
type UserFollowAnswer = { following: boolean; followers: number };
/** `name` is the person's, as the page showed it: the message names them. */
type FollowPersonFields = { id: string; name?: string };

/** Following a person from their public profile, and no longer: one definition each (common/actions.ts). */
export const followPersonAction = defineAction<FollowPersonFields, UserFollowAnswer>()({
  name: 'follow-person',
  method: 'PUT',
  path: '/api/profiles/:id/follow',
  done: (_answer, fields) => ({ kind: 'success', title: 'profile.public.followed', params: { name: fields.name ?? '' } }),
});

export const unfollowPersonAction = defineAction<FollowPersonFields, UserFollowAnswer>()({
  name: 'unfollow-person',
  method: 'DELETE',
  path: '/api/profiles/:id/follow',
  done: (_answer, fields) => ({ kind: 'success', title: 'profile.public.unfollowed', params: { name: fields.name ?? '' } }),
});
