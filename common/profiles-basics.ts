/** What athlete pages need without the profile schemas (common/profiles.ts): nothing here imports zod. */
import { defineAction } from './actions.ts';
import { LANGUAGE_PARAM } from './languages.ts';

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

/** The own profile's edit form: back to the profile when saved, to the open form when refused. */
export const editProfileAction = defineAction<{
  name?: string;
  bio?: string | null;
  location?: string | null;
  athleteLevel?: string | null;
  preferredLanguage?: string | null;
}>()({
  name: 'edit-profile',
  method: 'PATCH',
  path: '/api/profile',
  done: { kind: 'success', title: 'profile.saved' },
  to: () => '/profile',
  failTo: () => '/profile?edit=1',
});

/**
 * The header's language menu: the same page again in the chosen language, its address no longer
 * naming another (`lang`); the page says it by itself.
 */
export const chooseLanguageAction = defineAction<{ language: string }>()({
  name: 'language',
  method: 'PUT',
  path: '/api/language',
  to: (_answer, _fields, back) => {
    const [path = '/', query = ''] = back.split('#')[0]!.split('?');
    const kept = query.split('&').filter((pair) => pair !== '' && pair.split('=')[0] !== LANGUAGE_PARAM);
    return kept.length ? `${path}?${kept.join('&')}` : path;
  },
});
