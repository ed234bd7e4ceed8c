export const LANGUAGES = [
  { code: 'en', englishName: 'English', nativeName: 'English', flag: '🇬🇧', dir: 'ltr' },
  { code: 'es', englishName: 'Spanish', nativeName: 'Español', flag: '🇪🇸', dir: 'ltr' },
  { code: 'fr', englishName: 'French', nativeName: 'Français', flag: '🇫🇷', dir: 'ltr' },
  { code: 'it', englishName: 'Italian', nativeName: 'Italiano', flag: '🇮🇹', dir: 'ltr' },
  { code: 'de', englishName: 'German', nativeName: 'Deutsch', flag: '🇩🇪', dir: 'ltr' },
  { code: 'ar', englishName: 'Arabic', nativeName: 'العربية', flag: '🇸🇦', dir: 'rtl' },
  { code: 'zh', englishName: 'Chinese', nativeName: '中文', flag: '🇨🇳', dir: 'ltr' },
  { code: 'pl', englishName: 'Polish', nativeName: 'Polski', flag: '🇵🇱', dir: 'ltr' },
  { code: 'ru', englishName: 'Russian', nativeName: 'Русский', flag: '🇷🇺', dir: 'ltr' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as LanguageCode[];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const DEFAULT_ENABLED_LANGUAGES: LanguageCode[] = ['en', 'es', 'fr', 'de', 'it'];
export const LANGUAGE_STORAGE_KEY = 'stoked-language';
/** The active language, also as a cookie: the server renders a visitor's first page in it. */
export const LANGUAGE_COOKIE = 'stoked-language';
/** How long the language cookie lasts (seconds): a year, renewed at each change. */
export const LANGUAGE_COOKIE_SECONDS = 31_536_000;
/**
 * An address may name its language (`?lang=ar`): the language alternates of the sitemap and of each
 * page's head, which a crawler or a shared link opens with no cookie. It wins over the cookie for that page.
 */
export const LANGUAGE_PARAM = 'lang';

/** The web app manifest of each interface language (written by the build): a page links the one of its language. */
export const webManifestPath = (language: string) => `/manifest-${language}.webmanifest`;

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as string[]).includes(value);
}

export function languageDir(code: LanguageCode): 'ltr' | 'rtl' {
  return LANGUAGES.find((l) => l.code === code)?.dir ?? 'ltr';
}

// Hand-set flags of spec §9; any other ISO code gets a flag derived from the code's letters.
const HAND_SET_FLAGS: Record<string, string> = {
  en: '🇬🇧',
  es: '🇪🇸',
  fr: '🇫🇷',
  de: '🇩🇪',
  it: '🇮🇹',
  pt: '🇵🇹',
  ru: '🇷🇺',
  zh: '🇨🇳',
  ja: '🇯🇵',
  ar: '🇸🇦',
  hi: '🇮🇳',
  ko: '🇰🇷',
  pl: '🇵🇱',
  ca: '🏴',
  eu: '🏴',
  gl: '🏴',
};

export function flagFor(code: string): string {
  const known = HAND_SET_FLAGS[code.toLowerCase()];
  if (known) return known;
  const letters = code.toUpperCase().slice(0, 2);
  if (!/^[A-Z]{2}$/.test(letters)) return '🏳️';
  return String.fromCodePoint(...[...letters].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/**
 * Spec §4/§5: the stored setting is filtered to known codes; empty → en; unreadable → the default list.
 */
export function parseEnabledLanguages(raw: unknown): LanguageCode[] {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return [...DEFAULT_ENABLED_LANGUAGES];
    }
  }
  if (!Array.isArray(value)) return [...DEFAULT_ENABLED_LANGUAGES];
  const known = [...new Set(value.filter(isLanguageCode))];
  return known.length > 0 ? known : [DEFAULT_LANGUAGE];
}

/**
 * Spec §4: the stored choice wins when enabled; a first visit takes the first of the browser's
 * languages (`Accept-Language`, `navigator.languages`: most preferred first) that is enabled, by its
 * primary subtag (de-CH → de); otherwise the first enabled language.
 */
export function resolveLanguage(stored: string | null | undefined, enabled: readonly LanguageCode[], preferred: readonly string[] = []): LanguageCode {
  if (enabled.length === 0) return DEFAULT_LANGUAGE;
  if (stored && (enabled as readonly string[]).includes(stored)) return stored as LanguageCode;
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    const match = enabled.find((code) => code === primary);
    if (match) return match;
  }
  return enabled[0]!;
}

/** The languages of an `Accept-Language` header, most preferred first (q=0 means "not this one"). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

/** A catalogue entry's name (a discipline's, a category's) in `language`, else its default name. */
export const nameIn = (item: { name: string; names?: Record<string, string> }, language: string): string => item.names?.[language] || item.name;
