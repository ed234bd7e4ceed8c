import { LANGUAGE_PARAM } from '../../../common/languages.ts';
import { field, type FormActions } from '../../lib/forms.ts';

/**
 * The profile's forms (server/lib/forms.ts): the own profile's edit form (its pictures are uploaded by the app's scripts
 * only) and the header's language menu; both go elsewhere than back, so they are not actions defined once. The public
 * profile's follow button is (common/profiles-basics.ts).
 */
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
