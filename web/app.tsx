import { DirectionProvider } from '@radix-ui/react-direction';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { Suspense, type ReactNode } from 'react';
import { TranslationProvider, useTranslation } from './lib/i18n-binding.tsx';
import { isLanguageCode, languageDir } from '../common/languages.ts';
import { PageSpinner } from './components/ui/spinner.tsx';

/**
 * Radix menus and dialogs lay out and move their keyboard focus by their own `dir`, not the page's:
 * without this they open left-to-right in Arabic.
 */
export function LanguageDirection({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return <DirectionProvider dir={isLanguageCode(language) ? languageDir(language) : 'ltr'}>{children}</DirectionProvider>;
}

/** What every page renders inside, in the browser and on the server; `children` is the router. */
export function App({ queryClient, i18n, children }: { queryClient: QueryClient; i18n: I18n; children: ReactNode }) {
  return (
    <TranslationProvider i18n={i18n}>
      <LanguageDirection>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<PageSpinner />}>{children}</Suspense>
        </QueryClientProvider>
      </LanguageDirection>
    </TranslationProvider>
  );
}
