import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_CODES, languageDir, type LanguageCode } from '../common/languages.ts';

// One chunk per catalogue: only the active language is downloaded.
const catalogues = import.meta.glob<Record<string, unknown>>('./locales/*.json', { import: 'default' });

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = catalogues[`./locales/${language}.json`];
    if (!load) return callback(new Error(`No catalogue for ${language}`), null);
    load().then(
      (data) => callback(null, data),
      (error: Error) => callback(error, null),
    );
  },
};

export const i18n = i18next.createInstance();

export async function initI18n(language: LanguageCode): Promise<void> {
  await i18n
    .use(lazyCatalogues)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: LANGUAGE_CODES,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  applyDocumentLanguage(language);
  i18n.on('languageChanged', (lng) => applyDocumentLanguage(lng as LanguageCode));
}

function applyDocumentLanguage(language: LanguageCode): void {
  document.documentElement.lang = language;
  document.documentElement.dir = languageDir(language);
}
