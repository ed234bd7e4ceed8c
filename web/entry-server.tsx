import { dehydrate, type Query } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Readable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { LANGUAGE_CODES, languageDir, parseEnabledLanguages, resolveLanguage, type LanguageCode } from '../common/languages.ts';
import { App } from './app.tsx';
import { authKeys } from './lib/session.ts';
import { RenderQueryClient } from './lib/render-query-client.ts';
import { settingsQueries } from './lib/site-settings.ts';
import { setDirectRead, type DirectRead } from './lib/api.ts';
import { countFormatter, noteFormattedTexts, type FormattedTexts } from './lib/intl.ts';
import { PageMetaSink, type PageMeta } from './lib/page-meta.ts';
import type { Flash } from '../common/forms.ts';
import type { SessionUser } from '../common/schemas.ts';
import { FlashContext } from './lib/flash.tsx';
import { matchedBranch, routerContext } from './lib/route-data.ts';
import { loadEveryPage, routes, type PageHandle } from './routes.tsx';
import { catalogueModule, CORE_SECTIONS } from './i18n-parts.ts';
import { noteTextSections } from './lib/i18n-binding.tsx';
import { FRAME_MODULES } from './components/shell/layout.tsx';
import { sendableQueries } from './ssr-state.ts';
import { ssrStateElement } from './ssr-state-element.ts';

/**
 * The server's side of the web app (built by `vite build --ssr` into dist/web-server): it renders
 * every page, for visitors and signed-in people alike, with the same routes and components the
 * browser then hydrates, so the first paint needs no script, and hands over the data its route's
 * loaders fetched so the browser asks for none of it again (docs/decisions/0003).
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
    });
    instances.set(language, instance);
  }
  return instance;
}

const handler = createStaticHandler(routes);

/** Called once when the server loads the renderer: each page's first render then has its code at hand. */
export async function warmUp(): Promise<void> {
  await loadEveryPage();
}

/**
 * Once a page's code is loaded (every request but the first for each page of a process), React
 * renders it in one synchronous pass, about a third cheaper than the streaming one. A part still
 * loading leaves a boundary for the browser (`<!--$!-->`): then the page is rendered again, waiting
 * for it. Every boundary inline either way: no script may complete one later (the CSP allows no inline script).
 */
async function render(element: ReactNode, signal: AbortSignal): Promise<string> {
  const html = renderToString(element);
  if (!html.includes(CLIENT_RENDERED_BOUNDARY)) return html;
  const { prelude } = await prerenderToNodeStream(element, { progressiveChunkSize: Number.POSITIVE_INFINITY, signal });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude as Readable) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

// A query the page's components asked for that no route declared: rendering found it, too late to
// fetch for this render. Pages are tested to leave none (web/routes.test.ts).
const undeclared = (query: Query) => {
  const { enabled, queryFn } = query.options as { enabled?: boolean | ((q: Query) => boolean); queryFn?: unknown };
  const on = typeof enabled === 'function' ? enabled(query) : enabled !== false;
  return on && typeof queryFn === 'function' && query.state.status === 'pending' && query.state.fetchStatus === 'idle';
};

// Each render's reads go to the server that asked for it (tests run several in one process), as
// the person asking; and the texts its Intl formatters write, and the catalogue sections its texts
// come from, are noted for the browser to hydrate with.
const renderContext = new AsyncLocalStorage<{ read: DirectRead; texts: FormattedTexts; sections: Set<string> }>();
setDirectRead((path) => renderContext.getStore()!.read(path));
noteFormattedTexts(() => renderContext.getStore()?.texts);
noteTextSections(() => renderContext.getStore()?.sections);

export interface PageRequest {
  /** Path and query string. */
  url: string;
  /** The visitor's language cookie, if any. */
  storedLanguage: string | undefined;
  /** The browser's languages (`Accept-Language`), most preferred first: a first visit's choice. */
  acceptedLanguages?: readonly string[];
  /** A message left by the form the person just sent (server/lib/actions.ts), shown once on this page. */
  flash?: Flash;
  /** Answers the page's reads (an API address) by the feature's own function, as for the person asking. */
  read: DirectRead;
  /**
   * Who is asking, as /api/me answers it, when the server has read it for the page: nobody for a
   * request without a session (no API call needed to learn it), the person for a signed-in one (their
   * session is read once for the page anyway), and the pages that depend on it need not wait for it.
   */
  me?: { user: SessionUser | null };
  /** Aborted when the page is too late: the render stops rather than going on unseen. */
  signal?: AbortSignal;
}

export type RenderedPage =
  | {
      kind: 'page';
      status: number;
      /** The markup of #root. */
      html: string;
      /** Resource hints for <head>. */
      head: string;
      /** The element carrying the data for hydration. */
      state: string;
      lang: LanguageCode;
      dir: 'ltr' | 'rtl';
      /** The site's languages: the page's alternates. */
      languages: LanguageCode[];
      meta: PageMeta | undefined;
      /** Queries a component asked for that its route did not declare (should be none). */
      undeclared: string[];
      /**
       * The build's names (manifest keys) of the code and strings the page needs beyond the entry:
       * its page module, its language's core strings, and what the frame draws on demand, online or
       * not (components/shell/layout.tsx). The other strings it shows come in its state (`strings`).
       */
      modules: string[];
    }
  | { kind: 'redirect'; status: number; location: string };

/** Renders one page once its route's data is in, or says where a route sends the person instead. */
export function renderPage(request: PageRequest): Promise<RenderedPage> {
  const texts: FormattedTexts = {};
  const sections = new Set<string>();
  return renderContext.run({ read: request.read, texts, sections }, () => renderInContext(request, texts, sections));
}

function pageModulesOf(matches: { route: { handle?: unknown } }[], language: LanguageCode, signedIn: boolean): string[] {
  const pages = matches.map((match) => (match.route.handle as PageHandle | undefined)?.module).filter((module) => module !== undefined);
  const frame = [...FRAME_MODULES.everyone, ...(signedIn ? FRAME_MODULES.signedIn : [])];
  return [catalogueModule(language, 'core'), ...frame, ...pages];
}

/**
 * The sections of the language's strings the page's texts came from, beyond the core every page
 * loads first: handed over with its data, they let the browser hydrate the page without waiting for
 * the rest of the language's strings (17 KB compressed in English), fetched once it has started (issue 38).
 */
function handedStrings(language: LanguageCode, sections: Set<string>): Record<string, unknown> {
  const catalogue = catalogues[`./locales/${language}.json`]!;
  const handed = [...sections].filter((section) => !CORE_SECTIONS.includes(section) && Object.hasOwn(catalogue, section)).sort();
  return Object.fromEntries(handed.map((section) => [section, catalogue[section]]));
}

const rendersNotFound = (query: Query) => query.state.status === 'error' && (query.state.error as { status?: number } | null)?.status === 404;

async function renderInContext(
  { url, storedLanguage, acceptedLanguages = [], flash, signal, me }: PageRequest,
  texts: FormattedTexts,
  sections: Set<string>,
): Promise<RenderedPage> {
  const queryClient = new RenderQueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: 30_000 } } });
  // The site's settings (the language depends on them) are read once, with the route's data: the
  // frame's loader asks for the same query and shares this read.
  const settingsRead = queryClient.ensureQueryData(settingsQueries.all());
  if (me) queryClient.setQueryData(authKeys.me, me);
  const context = await handler.query(new Request(new URL(url, 'http://stoked.local'), { signal }), { requestContext: routerContext(queryClient) });
  if (context instanceof Response) return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  const settings = await settingsRead;
  const language = resolveLanguage(storedLanguage, parseEnabledLanguages(settings.enabledLanguages), acceptedLanguages);
  const router = createStaticRouter(matchedBranch(handler.dataRoutes, context.matches), context);
  let meta: PageMeta | undefined;
  const element = (
    <PageMetaSink.Provider value={(m) => (meta = m)}>
      <FlashContext.Provider value={flash ?? null}>
        <App queryClient={queryClient} i18n={i18nFor(language)}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </App>
      </FlashContext.Provider>
    </PageMetaSink.Provider>
  );
  const html = await render(element, signal ?? new AbortController().signal);
  const queries = queryClient.getQueryCache().findAll();
  const state = ssrStateElement(
    {
      language,
      settings,
      // Failed reads go along too (a missing item, say): the browser shows the same message the server wrote.
      queries: sendableQueries(dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' })),
      texts,
      strings: handedStrings(language, sections),
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
      flash: flash ?? null,
    },
    // A kept site-wide answer is the same object page after page: its JSON is written once.
    (query) => query.meta?.siteWide === true,
  );
  // React puts the page's resource hints (an image preload) first; they belong in <head>.
  const head = /^(?:<link [^>]*\/>)*/.exec(html)![0];
  return {
    kind: 'page',
    status: context.statusCode !== 200 ? context.statusCode : context.matches.at(-1)?.route.path === '*' || queries.some(rendersNotFound) ? 404 : 200,
    html: html.slice(head.length),
    head,
    state,
    lang: language,
    dir: languageDir(language),
    languages: parseEnabledLanguages(settings.enabledLanguages),
    meta,
    undeclared: queries.filter(undeclared).map((query) => JSON.stringify(query.queryKey)),
    modules: pageModulesOf(context.matches, language, Boolean(me?.user)),
  };
}
