/**
 * The part of i18next the browser uses, in a tenth of its size: the browser's build takes this module
 * for `i18next` (vite.config.ts), while the server renders with i18next itself. Its first load had
 * i18next as its largest module after React's (15 KB of 150 compressed, issue 38).
 *
 * What the app asks of it, answered exactly as i18next 26 answers it with the app's options (one
 * namespace, nested keys, `{{name}}` interpolation with `escapeValue: false` and `alwaysFormat`, a
 * formatter module, plurals by `Intl.PluralRules` with `_zero` for 0, `defaultValue`, a backend
 * module for a language switched to, `fallbackLng: false`): a page the server rendered must hydrate
 * with the very same texts. web/lib/i18next-lite.test.ts compares the two on every string of every
 * catalogue. Not here: nesting (`$t(…)`), ordinals, returned objects, post-processors, key prefixes,
 * several namespaces: the test fails when a catalogue starts using one of them, and a development
 * build says so when a call asks for one.
 */

type Data = Record<string, unknown>;
type Options = Record<string, unknown> & { lng?: string; count?: unknown; ns?: string; replace?: unknown; defaultValue?: unknown; context?: unknown };
type Listener = (...args: never[]) => void;
type TranslateFn = (key: unknown, options?: unknown, ...rest: unknown[]) => unknown;
type Formatter = { format: (value: unknown, format: string | undefined, language: string, options: Options) => unknown };
type Backend = { read: (language: string, namespace: string, callback: (error: unknown, data: Data | null | undefined) => void) => void };
type Module = ({ type: 'formatter' } & Formatter) | ({ type: 'backend'; init?: () => void } & Backend) | { type: string };
type InitOptions = {
  lng?: string;
  resources?: Record<string, Record<string, Data>>;
  supportedLngs?: readonly string[] | false;
  interpolation?: { escapeValue?: boolean; alwaysFormat?: boolean };
};

const NAMESPACE = 'translation';
const own = (object: object, key: PropertyKey) => Object.prototype.hasOwnProperty.call(object, key);
const isString = (value: unknown): value is string => typeof value === 'string';
const makeString = (value: unknown) => (value == null ? '' : String(value));
const isObjectResult = (value: unknown) => !isString(value) && typeof value !== 'boolean' && typeof value !== 'number';
// Characters that make a key with ':' read as a sentence rather than as namespace:key (i18next's looksLikeObjectPath).
const SENTENCE = /( |,|\?|!|;)/;
const NESTING = /\$t\(((?:[^()"']|"[^"]*"|'[^']*'|\((?:[^()"']|"[^"]*"|'[^']*')*\))*?)\)/;
const RTL = ['ar', 'he', 'iw', 'fa', 'ur', 'ps', 'yi', 'ji', 'ug', 'dv', 'ckb'];

class Emitter {
  private listeners = new Map<string, Set<Listener>>();
  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }
  off(event: string, listener?: Listener): this {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) (listener as (...a: unknown[]) => void)(...args);
  }
}

/** i18next's path lookup: own properties only, never through a string. */
function getPath(object: unknown, path: string[]): unknown {
  let current = object;
  for (let i = 0; i < path.length - 1; i++) {
    if (!current || isString(current)) return undefined;
    current = own(current as object, path[i]!) ? (current as Data)[path[i]!] : {};
  }
  if (!current || isString(current) || !own(current as object, path.at(-1)!)) return undefined;
  return (current as Data)[path.at(-1)!];
}

/** i18next's fallback for keys whose parts hold dots themselves. */
function deepFind(object: unknown, path: string): unknown {
  if (!object) return undefined;
  const data = object as Data;
  if (data[path]) return own(data, path) ? data[path] : undefined;
  const tokens = path.split('.');
  let current: unknown = object;
  for (let i = 0; i < tokens.length;) {
    if (!current || typeof current !== 'object') return undefined;
    let next: unknown;
    let nextPath = '';
    for (let j = i; j < tokens.length; ++j) {
      if (j !== i) nextPath += '.';
      nextPath += tokens[j];
      next = (current as Data)[nextPath];
      if ((typeof next === 'function' || nextPath === '__proto__') && !own(current, nextPath)) next = undefined;
      if (next !== undefined) {
        if (['string', 'number', 'boolean'].includes(typeof next) && j < tokens.length - 1) continue;
        i += j - i + 1;
        break;
      }
    }
    current = next;
  }
  return current;
}

function deepExtend(target: Data, source: Data, overwrite: boolean): Data {
  for (const prop in source) {
    if (prop === '__proto__' || prop === 'constructor') continue;
    if (own(target, prop)) {
      if (isString(target[prop]) || isString(source[prop])) {
        if (overwrite) target[prop] = source[prop];
      } else deepExtend(target[prop] as Data, source[prop] as Data, overwrite);
    } else target[prop] = source[prop];
  }
  return target;
}

/** i18next's reading of t's arguments after the key: options, or a default value. */
function optionsOf(args: unknown[]): Options {
  let options: Options = {};
  if (typeof args[1] === 'object') options = args[1] as Options;
  if (isString(args[1])) options.defaultValue = args[1];
  if (isString(args[2])) options.tDescription = args[2];
  if (typeof args[2] === 'object' || typeof args[3] === 'object') Object.assign(options, args[3] || args[2]);
  return options;
}

class Store extends Emitter {
  data: Record<string, Record<string, Data>> = {};

  getResource(language: string, namespace: string, key?: string): unknown {
    const path = [language, namespace, ...(key ? key.split('.') : [])];
    const result = getPath(this.data, path);
    if (result != null || !isString(key)) return result;
    return deepFind(this.data[language]?.[namespace], key);
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return this.getResource(language, namespace) !== undefined;
  }

  getResourceBundle(language: string, namespace = NAMESPACE): unknown {
    return this.getResource(language, namespace);
  }

  addResourceBundle(
    language: string,
    namespace: string,
    resources: Data,
    deep?: boolean,
    overwrite?: boolean,
    { silent = false, skipCopy = false } = {},
  ): this {
    const copy = skipCopy ? resources : (JSON.parse(JSON.stringify(resources)) as Data);
    const pack = (getPath(this.data, [language, namespace]) as Data | undefined) ?? {};
    (this.data[language] ??= {})[namespace] = deep ? deepExtend(pack, copy, Boolean(overwrite)) : { ...pack, ...copy };
    if (!silent) this.emit('added', language, namespace, resources);
    return this;
  }

  hasLanguageSomeTranslations(language: string | undefined): boolean {
    const data = language === undefined ? undefined : this.data[language];
    return !!data && Object.values(data).some((bundle) => bundle && Object.keys(bundle).length > 0);
  }
}

export class I18nLite extends Emitter {
  language: string | undefined;
  languages: string[] = [];
  resolvedLanguage: string | undefined;
  isInitialized = false;
  options: InitOptions = {};
  readonly store = new Store();
  private backend: Backend | undefined;
  private format: Formatter['format'] | undefined;
  private changingTo: string | undefined;
  private plurals = new Map<string, Intl.PluralRules>();

  use(module: Module): this {
    if (module.type === 'backend') this.backend = module as Backend;
    if (module.type === 'formatter') {
      const formatter = module as Formatter;
      this.format = formatter.format.bind(formatter);
    }
    return this;
  }

  async init(options: InitOptions = {}, callback?: (error: unknown, t: TranslateFn) => void): Promise<TranslateFn> {
    this.options = { ...options, interpolation: { escapeValue: true, ...options.interpolation } };
    if (options.resources) this.store.data = options.resources;
    this.isInitialized = true;
    const t = await this.changeLanguage(options.lng);
    callback?.(null, t);
    this.emit('initialized', this.options);
    return t;
  }

  private supported(language: string | undefined): language is string {
    const list = this.options.supportedLngs;
    return !!language && (!list || list.length === 0 || language === 'cimode' || list.includes(language));
  }

  changeLanguage(language: string | undefined, callback?: (error: unknown, t: TranslateFn) => void): Promise<TranslateFn> {
    this.changingTo = language;
    this.emit('languageChanging', language);
    const t: TranslateFn = (...args) => this.t(...args);
    const done = (error: unknown) => {
      if (language && this.changingTo === language) {
        this.language = language;
        this.languages = this.supported(language) ? [language] : [];
        this.resolvedLanguage = this.languages.find((l) => this.store.hasLanguageSomeTranslations(l));
        this.changingTo = undefined;
        this.emit('languageChanged', language);
      } else if (!language) this.changingTo = undefined;
      callback?.(error, t);
      return t;
    };
    if (!language || !this.backend || this.store.hasResourceBundle(language, NAMESPACE) || !this.supported(language)) return Promise.resolve(done(null));
    const backend = this.backend;
    return new Promise((resolve) => {
      backend.read(language, NAMESPACE, (error, data) => {
        if (!error && data) this.store.addResourceBundle(language, NAMESPACE, data, true, true, { skipCopy: true });
        resolve(done(error ?? null));
      });
    });
  }

  addResourceBundle(language: string, namespace: string, resources: Data, deep?: boolean, overwrite?: boolean): this {
    this.store.addResourceBundle(language, namespace, resources, deep, overwrite);
    return this;
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return this.store.hasResourceBundle(language, namespace);
  }

  getResourceBundle(language: string, namespace?: string): unknown {
    return this.store.getResourceBundle(language, namespace);
  }

  dir(language?: string): 'ltr' | 'rtl' {
    const code = language || this.resolvedLanguage || this.languages[0] || this.language;
    if (!code) return 'ltr';
    const lower = code.toLowerCase();
    if (lower.indexOf('-latn') > 1) return 'ltr';
    return RTL.includes(lower.split(/[-_]/)[0]!) || lower.indexOf('-arab') > 1 ? 'rtl' : 'ltr';
  }

  getFixedT(language: string): TranslateFn {
    return (key, options, ...rest) => {
      const o: Options = typeof options !== 'object' ? optionsOf([key, options, ...rest]) : { ...(options as Options) };
      o.lng = o.lng || language;
      return this.t(key, o);
    };
  }

  exists(key: unknown, options: Options = {}): boolean {
    if (key == null) return false;
    const { res } = this.resolve(key, { ...options });
    if (res === undefined) return false;
    return !(options.returnObjects === false && isObjectResult(res));
  }

  t(keys: unknown, options?: unknown, ...rest: unknown[]): unknown {
    let opt: Options | null = typeof options === 'object' ? { ...(options as Options) } : optionsOf([keys, options, ...rest]);
    if (!opt) opt = {};
    if (import.meta.env.DEV && (opt.ordinal || opt.returnObjects || opt.postProcess || opt.keyPrefix || opt.lngs))
      console.error(`i18next-lite answers t('${String(keys)}') without ordinal, returnObjects, postProcess, keyPrefix or lngs: web/lib/i18next-lite.ts`);
    if (keys == null) return '';
    const list = (Array.isArray(keys) ? keys : [keys]).map(String);
    const { key } = this.extract(list.at(-1)!, opt);
    const language = opt.lng || this.language;
    let { res } = this.resolve(list, opt);
    const plural = opt.count !== undefined && !isString(opt.count);
    const suffix = plural && language ? this.pluralSuffix(language, opt.count as number) : '';
    const hasDefault = Object.keys(opt).some((name) => name.startsWith('defaultValue') && opt[name] !== undefined);
    const defaultValue = (plural && opt.count === 0 && opt.defaultValue_zero) || opt[`defaultValue${suffix}`] || opt.defaultValue;
    const forObject = !res && hasDefault ? defaultValue : res;
    if (
      forObject &&
      isObjectResult(forObject) &&
      !['[object Number]', '[object Function]', '[object RegExp]'].includes(Object.prototype.toString.call(forObject))
    )
      return `key '${key} (${this.language})' returned an object instead of string.`;
    if (!valid(res) && hasDefault) res = defaultValue;
    if (!valid(res)) res = key;
    if (opt.skipInterpolation || !isString(res)) return res;
    const data = opt.replace && !isString(opt.replace) ? (opt.replace as Options) : opt;
    return this.interpolate(res, data, opt.lng || this.language || '', opt);
  }

  private pluralSuffix(language: string, count: number): string {
    const code = language.replace(/_/g, '-');
    let rules = this.plurals.get(code);
    if (!rules) {
      try {
        rules = new Intl.PluralRules(code, { type: 'cardinal' });
      } catch {
        return `_${count === 1 ? 'one' : 'other'}`;
      }
      this.plurals.set(code, rules);
    }
    return `_${rules.select(count)}`;
  }

  /** Namespace and key of a key, 'ns:key' naming another namespace unless it reads as a sentence. */
  private extract(key: string, opt: Options): { key: string; namespace: string } {
    let namespace = opt.ns || NAMESPACE;
    if (key.includes(':')) {
      let objectPath = !SENTENCE.test(key);
      if (!objectPath) {
        const dot = key.indexOf('.');
        if (dot > 0 && !SENTENCE.test(key.substring(0, dot))) objectPath = true;
      }
      if (objectPath && !NESTING.test(key)) {
        const parts = key.split(':');
        namespace = parts.shift()!;
        key = parts.join('.');
      }
    }
    return { key, namespace };
  }

  private resolve(keys: unknown, opt: Options): { res: unknown } {
    const list = (Array.isArray(keys) ? keys : [keys]).map(String);
    const plural = opt.count !== undefined && !isString(opt.count);
    const zero = plural && opt.count === 0;
    const context = opt.context !== undefined && (isString(opt.context) || typeof opt.context === 'number') && opt.context !== '';
    const language = opt.lng || this.language;
    let found: unknown;
    for (const k of list) {
      if (valid(found)) break;
      const { key, namespace } = this.extract(k, opt);
      if (!this.supported(language)) continue;
      const suffix = plural ? this.pluralSuffix(language, opt.count as number) : '';
      const candidates = [key];
      if (plural) candidates.push(key + suffix, ...(zero ? [`${key}_zero`] : []));
      if (context) {
        const withContext = `${key}_${String(opt.context)}`;
        candidates.push(withContext);
        if (plural) candidates.push(withContext + suffix, ...(zero ? [`${withContext}_zero`] : []));
      }
      // i18next stops at an empty candidate: '' names no string, not the whole catalogue.
      for (let candidate = candidates.pop(); candidate && !valid(found); candidate = candidates.pop())
        found = this.store.getResource(language, namespace, candidate);
    }
    return { res: found };
  }

  /** `{{-name}}` then `{{name}}`, as i18next does with `skipOnVariables` (a value written is not read again). */
  private interpolate(text: string, data: Options, language: string, options: Options): string {
    const escape = this.options.interpolation?.escapeValue !== false;
    const valueOf = (name: string): unknown => {
      const comma = name.indexOf(',');
      const key = comma < 0 ? name : name.slice(0, comma).trim();
      const format = comma < 0 ? undefined : name.slice(comma + 1).trim();
      let value = getPath(data, key.split('.'));
      if (value == null) value = deepFind(data, key);
      return this.options.interpolation?.alwaysFormat || format !== undefined
        ? (this.format ?? ((v: unknown) => v))(value, format, language, { ...options, ...data, interpolationkey: key })
        : value;
    };
    const written: [number, number][] = [];
    let shift = 0;
    let str = text;
    for (const [pattern, raw] of [
      [/\{\{-(.+?)\}\}/g, true],
      [/\{\{(.+?)\}\}/g, false],
    ] as const) {
      let replaces = 0;
      for (let match = pattern.exec(str); match; match = pattern.exec(str)) {
        const at = match.index - shift;
        const inside = written.find(([start, end]) => at >= start && at < end);
        if (inside) {
          pattern.lastIndex = inside[1] + shift;
          continue;
        }
        const name = match[1]!.trim();
        let value = valueOf(name);
        if (value === undefined) {
          if (!own(options, name)) continue;
          value = '';
        }
        const safe = makeString(!raw && escape ? escapeHtml(makeString(value)) : value);
        str = str.slice(0, match.index) + safe + str.slice(match.index + match[0].length);
        if (raw) written.push([match.index, match.index + safe.length]);
        else shift += safe.length - match[0].length;
        pattern.lastIndex += safe.length - match[0].length;
        if (++replaces >= 1000) break;
      }
    }
    return str;
  }

  createInstance(): I18nLite {
    return new I18nLite();
  }
}

const valid = (res: unknown) => res !== undefined && res !== null;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '/': '&#x2F;' };
const escapeHtml = (text: string) => text.replace(/[&<>"'/]/g, (c) => ENTITIES[c]!);

const i18next = new I18nLite();
export default i18next;
