import type { FastifyRequest } from 'fastify';
import { acceptedLanguages, DEFAULT_LANGUAGE, isLanguageCode, LANGUAGE_COOKIE, type LanguageCode } from '../../common/languages.ts';
import { currentUser } from './session.ts';

/**
 * The language the request's reader reads the site in: the web app's language cookie (what its pages
 * show), else what their browser asks for, else the language they chose in their profile; a page
 * whose address names its language (`asked`) is read in that one.
 */
export async function readerLanguage(request: FastifyRequest, asked?: LanguageCode): Promise<LanguageCode> {
  if (asked) return asked;
  const cookie = request.cookies[LANGUAGE_COOKIE];
  if (isLanguageCode(cookie)) return cookie;
  const accepted = acceptedLanguages(request.headers['accept-language'])
    .map((tag) => tag.toLowerCase().split(/[-_]/)[0])
    .find(isLanguageCode);
  if (accepted) return accepted;
  const preferred = (await currentUser(request))?.preferredLanguage;
  return isLanguageCode(preferred) ? preferred : DEFAULT_LANGUAGE;
}

// Names sort as their readers expect: 'ä' after 'a' in German but after 'z' in Swedish, 'ł' after 'l'
// in Polish; 'émile' before 'Zoé' everywhere, which the database's collation does not promise.
// Making a collator costs far more than using one: one per language is kept.
const collators = new Map<string, Intl.Collator>();

export function nameCollator(language: LanguageCode): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
    collators.set(language, collator);
  }
  return collator;
}
