import './lib/zod-jitless.ts';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isLanguageCode, parseEnabledLanguages, resolveLanguage } from '../common/languages.ts';
import { App } from './app.tsx';
import { fetchSiteSettings, settingsKeys } from './features/settings/settings.api.ts';
import { readStoredLanguage } from './features/settings/language.tsx';
import { initI18n, prefetchRest, preloadCore } from './i18n.ts';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});

// The language depends on the enabled list, so the settings come first and the right catalogue
// is the only one fetched; the stored (or default) language's strings start loading meanwhile,
// as they are almost always the right ones.
const stored = readStoredLanguage();
preloadCore(isLanguageCode(stored) ? stored : 'en');
const settings = await fetchSiteSettings();
queryClient.setQueryData(settingsKeys.all, settings);
await initI18n(resolveLanguage(readStoredLanguage(), parseEnabledLanguages(settings.enabledLanguages)));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
prefetchRest();
