/**
 * The sections of each catalogue the page shell and the home page use: a first visit downloads
 * only these, every lazy page waits for the rest (the catalogue files themselves stay whole).
 */
export const CORE_SECTIONS: readonly string[] = ['app', 'nav', 'common', 'home', 'footer', 'errors'];

export type CataloguePart = 'core' | 'rest';

export function cataloguePart(catalogue: Record<string, unknown>, part: CataloguePart): Record<string, unknown> {
  return Object.fromEntries(Object.entries(catalogue).filter(([section]) => CORE_SECTIONS.includes(section) === (part === 'core')));
}

/** The build's name (its manifest key) for a part of a language's catalogue. */
export const catalogueModule = (language: string, part: CataloguePart) => `locales/${language}.json?part=${part}`;
