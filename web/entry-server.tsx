import { dehydrate, QueryClient, type Query } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Readable } from 'node:stream';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { LANGUAGE_CODES, languageDir, parseEnabledLanguages, resolveLanguage, type LanguageCode } from '../common/languages.ts';
import { App } from './app.tsx';
import { fetchSiteSettings, settingsKeys } from './features/settings/settings.api.ts';
import { setApiTransport } from './lib/api.ts';
import { countFormatter, noteFormattedTexts, type FormattedTexts } from './lib/intl.ts';
import { PageMetaSink, type PageMeta } from './lib/page-meta.ts';
import { routes, SERVER_RENDERED } from './routes.tsx';
import { ssrStateElement } from './ssr-state.ts';

/**
 * The server's side of the web app (built by `vite build --ssr` into dist/web-server): it renders a
 * public page for a visitor with the same components the browser then hydrates, so the first
 * paint needs no script, and hands over the data it fetched so the browser asks for none of it again.
 */

const catalogues = import.meta.glob<Record<string, unknown>>('./locales/*.json', { eager: true, import: 'default' });
const instances = new Map<LanguageCode, I18n>();

function i18nFor(language: LanguageCode): I18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = i18next.createInstance().use(countFormatter);
    void instance.init({
      lng: language,
      resources: { [language]: { translation: catalogues[`./locales/${language}.json`]! } },
      fallbackLng: false,
      supportedLngs: LANGUAGE_CODES,
      initAsync: false,
      interpolation: { escapeValue: false, alwaysFormat: true },
      react: { useSuspense: false },
    });
    instances.set(language, instance);
  }
  return instance;
}

const handler = createStaticHandler(routes);
// Rendering finds the queries a page needs; fetching their data may reveal more (a list after its
// discipline); a few rounds are enough for every page, and a page still waiting shows its skeleton.
const MAX_ROUNDS = 4;

async function render(element: ReactNode): Promise<string> {
  // Every boundary inline: no script may complete one later (the CSP allows no inline script).
  const { prelude } = await prerenderToNodeStream(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude as Readable) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

const waiting = (query: Query) => {
  const { enabled, queryFn } = query.options as { enabled?: boolean | ((q: Query) => boolean); queryFn?: unknown };
  const on = typeof enabled === 'function' ? enabled(query) : enabled !== false;
  return on && typeof queryFn === 'function' && query.state.status === 'pending' && query.state.fetchStatus === 'idle';
};

type Fetch = (path: string, init: RequestInit) => Promise<Response>;

// Each render's API calls go to the server that asked for it (tests run several in one process),
// and the texts its Intl formatters write are noted for the browser to hydrate with.
const renderContext = new AsyncLocalStorage<{ fetchApi: Fetch; texts: FormattedTexts }>();
setApiTransport((path, init) => renderContext.getStore()!.fetchApi(path, init));
noteFormattedTexts(() => renderContext.getStore()?.texts);

export interface PageRequest {
  /** Path and query string. */
  url: string;
  /** The visitor's language cookie, if any. */
  storedLanguage: string | undefined;
  /** The browser's languages (`Accept-Language`), most preferred first: a first visit's choice. */
  acceptedLanguages?: readonly string[];
  /** Answers the page's API calls as for a visitor without a session. */
  fetchApi: Fetch;
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** Resource hints for <head>. */
  head: string;
  /** The element carrying the data for hydration. */
  state: string;
  lang: LanguageCode;
  dir: 'ltr' | 'rtl';
  meta: PageMeta | undefined;
}

/** Renders one page, or null when the address is not one the server renders (signed-in pages, forms) or a read failed. */
export function renderPage({ url, storedLanguage, acceptedLanguages = [], fetchApi }: PageRequest): Promise<RenderedPage | null> {
  const texts: FormattedTexts = {};
  return renderContext.run({ fetchApi, texts }, () => renderInContext(url, storedLanguage, acceptedLanguages, texts));
}

async function renderInContext(url: string, storedLanguage: string | undefined, accepted: readonly string[], texts: FormattedTexts): Promise<RenderedPage | null> {
  const context = await handler.query(new Request(new URL(url, 'http://stoked.local')));
  if (context instanceof Response || !context.matches.some((m) => (m.route.handle as typeof SERVER_RENDERED | undefined)?.serverRendered)) return null;
  const settings = await fetchSiteSettings();
  const language = resolveLanguage(storedLanguage, parseEnabledLanguages(settings.enabledLanguages), accepted);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  queryClient.setQueryData(settingsKeys.all, settings);
  let meta: PageMeta | undefined;
  const element = (
    <PageMetaSink.Provider value={(m) => (meta = m)}>
      <App queryClient={queryClient} i18n={i18nFor(language)}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>
    </PageMetaSink.Provider>
  );
  let html = await render(element);
  for (let round = 1; round < MAX_ROUNDS; round += 1) {
    const queries = queryClient.getQueryCache().findAll().filter(waiting);
    if (queries.length === 0) break;
    await Promise.all(queries.map((query) => query.fetch().catch(() => undefined)));
    html = await render(element);
  }
  // A failed read (an item that is not there, say) is the browser's to show, after its own request:
  // only successful answers go into the page, so the server's error text could not be hydrated.
  if (queryClient.getQueryCache().findAll().some((query) => query.state.status === 'error')) return null;
  const state = ssrStateElement({ language, settings, queries: dehydrate(queryClient), texts });
  // React puts the page's resource hints (an image preload) first; they belong in <head>.
  const head = /^(?:<link [^>]*\/>)*/.exec(html)![0];
  return { html: html.slice(head.length), head, state, lang: language, dir: languageDir(language), meta };
}
