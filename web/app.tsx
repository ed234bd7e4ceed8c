import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { PageSpinner } from './components/ui/spinner.tsx';

/** What every page renders inside, in the browser and on the server; `children` is the router. */
export function App({ queryClient, i18n, children }: { queryClient: QueryClient; i18n: I18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
