import type { i18n as I18n, TFunction } from 'i18next';
import { createContext, startTransition, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { captureFormattedTexts, replayFormattedTexts, type FormattedTexts } from './intl.ts';

/**
 * One binding of i18next to React for the whole tree, instead of one per component: react-i18next's
 * `useTranslation` makes and subscribes a translation function in every component on every render,
 * which cost about a tenth of a server render (issue 17's profile). Here the provider holds the
 * `t` of the current language; components read it from context, and all of them draw again when
 * the language changes, or when strings arrive that the tree had asked for in vain.
 */
type Binding = { t: TFunction; i18n: I18n };
/** A binding, and whether the tree asked it for a text its language's strings did not have yet. */
type Bound = { binding: Binding; missed: () => boolean };

const BindingContext = createContext<Binding | null>(null);

/**
 * Texts without options (most labels) translated once per instance and language, not once per
 * use and render: i18next's lookup was the next cost of a server render after React itself. Forgotten
 * whenever strings arrive, so a text is never older than its catalogue.
 */
const plainTexts = new WeakMap<I18n, Map<string, Map<string, string>>>();

/**
 * Texts with options of plain values ('{{count}} going', a name) kept the same way, with the counts
 * and dates their formatters wrote: a list's cards ask for the same few again and again. Bounded,
 * since the values are open-ended.
 */
type OptionText = { text: string; texts: FormattedTexts };
const optionTexts = new WeakMap<I18n, Map<string, Map<string, OptionText>>>();
const OPTION_TEXTS_KEPT = 5000;

function isPlainOptions(options: unknown): options is Record<string, string | number | boolean | undefined> {
  if (typeof options !== 'object' || options === null || Object.getPrototypeOf(options) !== Object.prototype) return false;
  for (const value of Object.values(options)) if (typeof value === 'object' || typeof value === 'function') return false;
  return true;
}

function textsOf<T>(store: WeakMap<I18n, Map<string, Map<string, T>>>, i18n: I18n, language: string): Map<string, T> {
  let languages = store.get(i18n);
  if (!languages) {
    const forget = new Map<string, Map<string, T>>();
    languages = forget;
    store.set(i18n, languages);
    i18n.store?.on('added', () => forget.clear());
  }
  let texts = languages.get(language);
  if (!texts) languages.set(language, (texts = new Map()));
  return texts;
}

// Where the server notes the catalogue sections ('events' of 'events.when') each render's texts come
// from (web/entry-server.tsx): the page hands those sections to the browser with its data, which
// hydrates it without waiting for the rest of its language's strings (issue 38). Nowhere in the browser.
let sectionNotes: () => Set<string> | undefined = () => undefined;

/** Server: where the current render's catalogue sections are noted. */
export function noteTextSections(where: () => Set<string> | undefined): void {
  sectionNotes = where;
}

function noteSections(keys: unknown): void {
  const noted = sectionNotes();
  if (!noted) return;
  for (const key of Array.isArray(keys) ? (keys as unknown[]) : [keys]) {
    if (typeof key !== 'string') continue;
    const dot = key.indexOf('.');
    noted.add(dot < 0 ? key : key.slice(0, dot));
  }
}

function bindingOf(i18n: I18n, language: string): Bound {
  const fixed = i18n.getFixedT(language);
  const call = fixed as unknown as (...args: unknown[]) => string;
  // A text the strings lack yet is noted, and not kept, so that every binding drawing it notes it.
  // i18next answers a missing key with the key itself, or with the default value given.
  let missed = false;
  const has = (key: unknown, options?: unknown) => i18n.exists(key as string | string[], { ...(options as object | undefined), lng: language });
  const found = (key: string, text: string, options?: Record<string, unknown>) => text !== key && (options?.defaultValue === undefined || has(key, options));
  const texts = textsOf(plainTexts, i18n, language);
  const withOptions = textsOf(optionTexts, i18n, language);
  const t = ((key: unknown, ...rest: unknown[]) => {
    noteSections(key);
    if (rest.length === 1 && typeof key === 'string' && isPlainOptions(rest[0])) {
      const id = `${key}\u0000${JSON.stringify(rest[0])}`;
      let kept = withOptions.get(id);
      if (kept) replayFormattedTexts(kept.texts);
      else {
        const { value, texts: formatted } = captureFormattedTexts(() => call(key, rest[0]));
        kept = { text: value, texts: formatted };
        if (!found(key, value, rest[0])) missed = true;
        else {
          if (withOptions.size >= OPTION_TEXTS_KEPT) withOptions.clear();
          withOptions.set(id, kept);
        }
      }
      return kept.text;
    }
    if (rest.length > 0 || typeof key !== 'string') {
      if (!missed && !has(key, rest[0])) missed = true;
      return call(key, ...rest);
    }
    let text = texts.get(key);
    if (text === undefined) {
      text = call(key);
      if (!found(key, text)) missed = true;
      else texts.set(key, text);
    }
    return text;
  }) as unknown as TFunction;
  return { binding: { t, i18n }, missed: () => missed };
}

export function TranslationProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [version, setVersion] = useState(0);
  const language = i18n.language;
  // A new function on each change, so that memoised components and effects see a new `t`.
  const bound = useMemo<Bound>(() => bindingOf(i18n, language), [i18n, language, version]); // eslint-disable-line react-hooks/exhaustive-deps
  const current = useRef(bound);
  useEffect(() => {
    current.current = bound;
  }, [bound]);
  useEffect(() => {
    const redraw = () => setVersion((v) => v + 1);
    // Strings arriving change the page only where it showed a text that was missing: the rest of
    // the start-up catalogue holds none of what the page shows, and drawing every component again
    // for it was the longest task of a phone's start (issue 17). When it must be drawn, it is drawn
    // in the background, a part at a time.
    const arrived = () => {
      if (current.current.missed()) startTransition(redraw);
    };
    i18n.on('languageChanged', redraw);
    i18n.store?.on('added', arrived);
    return () => {
      i18n.off('languageChanged', redraw);
      i18n.store?.off('added', arrived);
    };
  }, [i18n]);
  return <BindingContext.Provider value={bound.binding}>{children}</BindingContext.Provider>;
}

/** The translation function of the tree's language, and the i18next instance. */
export function useTranslation(): Binding {
  const binding = useContext(BindingContext);
  if (!binding) throw new Error('useTranslation outside TranslationProvider');
  return binding;
}
