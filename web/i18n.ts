import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { LANGUAGE_CODES, LANGUAGE_COOKIE, LANGUAGE_COOKIE_SECONDS, languageDir, type LanguageCode } from '../common/languages.ts';
import { countFormatter } from './lib/intl.ts';
import { whenIdle } from './lib/when-idle.ts';

type Catalogue = Record<string, unknown>;

// Two chunks per catalogue, only for the active language: the core the shell and home page use,
// then the rest, which every lazy page waits for.
const cores = import.meta.glob<Catalogue>('./locales/*.json', { query: '?part=core', import: 'default' });
const rests = import.meta.glob<Catalogue>('./locales/*.json', { query: '?part=rest', import: 'default' });

function loadPart(parts: typeof cores, language: string): Promise<Catalogue> {
  const load = parts[`./locales/${language}.json`];
  return load ? load() : Promise.reject(new Error(`No catalogue for ${language}`));
}

// A language switched to later arrives whole.
const wholeCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    Promise.all([loadPart(cores, language), loadPart(rests, language)]).then(
      ([core, rest]) => callback(null, { ...core, ...rest }),
      (error: Error) => callback(error, null),
    );
  },
};

export const i18n: I18n = i18next.createInstance();

let initialLanguage: LanguageCode | undefined;
let restLoad: Promise<void> | undefined;
let markStarted!: () => void;
const started = new Promise<void>((resolve) => (markStarted = resolve));

function loadRest(language: LanguageCode): Promise<void> {
  // The strings may arrive before init has made the store: add them after it.
  const load = Promise.all([loadPart(rests, language), started]).then(
    ([strings]) => void i18n.addResourceBundle(language, 'translation', strings, true, true),
    (error: unknown) => {
      restLoad = undefined; // the next page tries again
      throw error;
    },
  );
  restLoad = load;
  return load;
}

/**
 * Resolves once the start-up language's whole catalogue is loaded; lazy pages and menus wait for it.
 * (A language switched to later is loaded whole by the backend before it shows.)
 */
export async function catalogueComplete(): Promise<void> {
  // The server renders with whole catalogues of its own (web/entry-server.tsx).
  if (import.meta.env.SSR) return;
  await started;
  return restLoad ?? loadRest(initialLanguage!);
}

/** Starts loading a language's core strings early (a guess, before the enabled languages are known). */
export function preloadCore(language: string): void {
  loadPart(cores, language).catch(() => {});
}

/** Loads the rest of the start-up language when the browser is idle, so the next page need not wait for it. */
export function prefetchRest(): void {
  whenIdle(() => void catalogueComplete().catch(() => {}), 3000);
}

export async function initI18n(language: LanguageCode): Promise<void> {
  initialLanguage = language;
  const core = await loadPart(cores, language);
  await i18n
    .use(wholeCatalogues)
    .use(countFormatter)
    .init({
      lng: language,
      resources: { [language]: { translation: core } },
      partialBundledLanguages: true,
      fallbackLng: false,
      supportedLngs: LANGUAGE_CODES,
      load: 'currentOnly',
      interpolation: { escapeValue: false, alwaysFormat: true },
    });
  markStarted();
  applyDocumentLanguage(language);
  i18n.on('languageChanged', (lng) => applyDocumentLanguage(lng as LanguageCode));
}

function applyDocumentLanguage(language: LanguageCode): void {
  const root = document.documentElement;
  // Set only when they change: the browser restyles the whole page whenever `dir` is set, even to
  // the value it had (the stylesheet's :dir() rules), and the server drew the page with both.
  if (root.lang !== language) root.lang = language;
  if (root.dir !== languageDir(language)) root.dir = languageDir(language);
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_SECONDS}; samesite=lax`;
}

/** For React.lazy: the module, once the whole catalogue it may need is there too. */
export function withCatalogue<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), catalogueComplete()]))[0];
}
