import './lib/zod-jitless.ts';
import { hydrate, QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { isLanguageCode, LANGUAGE_PARAM, parseEnabledLanguages, resolveLanguage } from '../common/languages.ts';
import { App } from './app.tsx';
import { fetchSiteSettings, settingsKeys } from './lib/site-settings.ts';
import { readStoredLanguage } from './lib/language.ts';
import { i18n, initI18n, prefetchRest, preloadCore } from './i18n.ts';
import { FlashContext } from './lib/flash.tsx';
import { handOverFormattedTexts } from './lib/intl.ts';
import { routerContext } from './lib/route-data.ts';
import { whenIdle } from './lib/when-idle.ts';
import { handOverStrings, routes } from './routes.tsx';
import { readSsrState, receivedQueries } from './ssr-state.ts';
import './styles.css';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const queryClient = new QueryClient({
  defaultOptions: {
    // A read that failed stays failed on screen (the page says what went wrong, as the server
    // drew it) rather than turning into a spinner; the route's loader reads again on the next visit.
    queries: { staleTime: 30_000, retry: 1, retryOnMount: false, refetchOnWindowFocus: false },
  },
});

// The start-up is a function rather than the module's top-level awaits: a module awaiting at its
// top level turns off the bundler's merging of shared chunks into the entry, and the first load
// was then some thirty small files, each with its own imports and exports (issue 17).
async function start(): Promise<void> {
  // The language depends on the enabled list, so the settings come first and the right catalogue
  // is the only one fetched; the stored (or default) language's strings start loading meanwhile,
  // as they are almost always the right ones. A page the server rendered brings its settings along.
  const ssr = readSsrState();
  // An address naming its language (common/languages.ts LANGUAGE_PARAM) wins, as on the server.
  const asked = new URLSearchParams(location.search).get(LANGUAGE_PARAM);
  const stored = isLanguageCode(asked) ? asked : readStoredLanguage();
  preloadCore(ssr?.language ?? (isLanguageCode(stored) ? stored : 'en'));
  // Each step of the start-up is a task of its own, so that none holds a slow phone's main thread for
  // long: the first is the scripts' own evaluation.
  await nextTask();
  const settings = ssr?.settings ?? (await fetchSiteSettings());
  queryClient.setQueryData(settingsKeys.all, settings);
  // navigator.languages is what the browser sends as Accept-Language, from which the server chose.
  const language = resolveLanguage(stored, parseEnabledLanguages(settings.enabledLanguages), navigator.languages);
  // The data the server rendered with serves in any language; a page rendered in another language
  // than this browser's choice is drawn anew rather than hydrated.
  if (ssr) {
    hydrate(queryClient, receivedQueries(ssr.queries));
    handOverFormattedTexts(ssr.texts);
  }
  const hydrating = ssr?.language === language;
  // The app's shell without a page from the server (offline, say), or a start without a connection:
  // what was saved for offline fills in for the network before the page reads its data. (The offline
  // module loads apart: the first load does without it.)
  const offline = () => import('./lib/service-worker.ts');
  if (!ssr || !navigator.onLine) await offline().then((m) => m.restoreSaved(queryClient, hydrate));
  await nextTask();
  await initI18n(language);
  // The strings of the page the server rendered, beyond the core: it hydrates with them, without
  // waiting for the rest of the language's, which come when the browser is idle (issue 38).
  if (hydrating && ssr.strings) {
    i18n.addResourceBundle(language, 'translation', ssr.strings, true, false);
    handOverStrings();
  }
  await nextTask();
  // The loaders' answers the page was rendered with: the router starts from them instead of running
  // its loaders again (their data is in the query cache already); each navigation then runs the
  // next page's loaders with this tab's query client.
  const router = createBrowserRouter(routes, {
    ...(ssr ? { hydrationData: ssr.router } : {}),
    getContext: () => routerContext(queryClient),
  });
  await nextTask();

  const app = (
    <StrictMode>
      <FlashContext.Provider value={ssr?.flash ?? null}>
        <App queryClient={queryClient} i18n={i18n}>
          <RouterProvider router={router} />
        </App>
      </FlashContext.Provider>
    </StrictMode>
  );
  const root = document.getElementById('root')!;
  // As a transition, hydration yields to the browser between parts instead of holding it in one long task.
  if (hydrating) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
  prefetchRest();
  // The worker that keeps pages for offline use, once the page is the app's and the browser has a
  // moment (its code and the worker's start would otherwise lengthen hydration's tasks); what was
  // saved for offline fills in whenever the connection goes.
  whenIdle(() => void offline().then((m) => m.registerServiceWorker(queryClient, hydrate)), 5000);
}

void start();
