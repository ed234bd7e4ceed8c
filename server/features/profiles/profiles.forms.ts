import { LANGUAGE_PARAM } from '../../../common/languages.ts';
import { field, segment, type FormActions } from '../../lib/forms.ts';

/**
 * The profile's forms (server/lib/forms.ts): the public profile's follow button, the own profile's edit form (its pictures
 * are uploaded by the app's scripts only), and the header's language menu.
 */
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
  language: {
    method: 'PUT',
    path: () => '/api/language',
    body: (f) => ({ language: field(f, 'language') }),
    // The same page in the chosen language (its address no longer naming another); the page says it by itself.
    to: (_answer, _f, back) => withoutLanguageParam(back),
  },
};

function withoutLanguageParam(back: string): string {
  const url = new URL(back, 'http://back.invalid');
  url.searchParams.delete(LANGUAGE_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}
