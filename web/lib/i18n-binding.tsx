import type { i18n as I18n, TFunction } from 'i18next';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * One binding of i18next to React for the whole tree, instead of one per component: react-i18next's
 * `useTranslation` makes and subscribes a translation function in every component on every render,
 * which cost about a tenth of a server render (issue 17's profile). Here the provider holds the
 * `t` of the current language; components read it from context, and all of them draw again when
 * the language changes or strings arrive (the rest of a catalogue, a language switched to).
 */
type Binding = { t: TFunction; i18n: I18n };

const BindingContext = createContext<Binding | null>(null);

/**
 * Texts without options (most labels) translated once per instance and language, not once per
 * use and render: i18next's lookup was the next cost of a server render after React itself. Forgotten
 * whenever strings arrive, so a text is never older than its catalogue.
 */
const plainTexts = new WeakMap<I18n, Map<string, Map<string, string>>>();

function plainTextsOf(i18n: I18n, language: string): Map<string, string> {
  let languages = plainTexts.get(i18n);
  if (!languages) {
    const forget = new Map<string, Map<string, string>>();
    languages = forget;
    plainTexts.set(i18n, languages);
    i18n.store?.on('added', () => forget.clear());
  }
  let texts = languages.get(language);
  if (!texts) languages.set(language, (texts = new Map()));
  return texts;
}

function bindingOf(i18n: I18n, language: string): Binding {
  const fixed = i18n.getFixedT(language);
  const call = fixed as unknown as (...args: unknown[]) => string;
  const texts = plainTextsOf(i18n, language);
  const t = ((key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return call(key, ...rest);
    let text = texts.get(key);
    if (text === undefined) texts.set(key, (text = call(key)));
    return text;
  }) as unknown as TFunction;
  return { t, i18n };
}

export function TranslationProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const redraw = () => setVersion((v) => v + 1);
    i18n.on('languageChanged', redraw);
    i18n.store?.on('added', redraw);
    return () => {
      i18n.off('languageChanged', redraw);
      i18n.store?.off('added', redraw);
    };
  }, [i18n]);
  const language = i18n.language;
  // A new function on each change, so that memoised components and effects see a new `t`.
  const binding = useMemo<Binding>(() => bindingOf(i18n, language), [i18n, language, version]); // eslint-disable-line react-hooks/exhaustive-deps
  return <BindingContext.Provider value={binding}>{children}</BindingContext.Provider>;
}

/** The translation function of the tree's language, and the i18next instance. */
export function useTranslation(): Binding {
  const binding = useContext(BindingContext);
  if (!binding) throw new Error('useTranslation outside TranslationProvider');
  return binding;
}
