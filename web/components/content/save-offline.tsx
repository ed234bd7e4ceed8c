import { useQueryClient, type QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useState } from 'react';
import { UNSAFE_DataRouterContext } from 'react-router';
import { Button } from '../ui/button.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { numberFormat } from '../../lib/intl.ts';
import { savedStore, type SavedEntry, type SaveRequest } from '../../lib/saved-offline.ts';
import { errorText, notify } from '../../lib/toast.ts';

/** Megabytes with one decimal, kilobytes below one. */
function sizeText(language: string, bytes: number): string {
  const mb = bytes >= 1_000_000;
  return numberFormat(language, { style: 'unit', unit: mb ? 'megabyte' : 'kilobyte', maximumFractionDigits: mb ? 1 : 0 }).format(
    mb ? bytes / 1_000_000 : Math.max(1, bytes / 1000),
  );
}

/**
 * "Save offline" on a discipline or a place (web/lib/saved-offline.ts): saves its pages on this
 * device, says how much room they take, updates or removes them. It needs the scripts (and a browser
 * with IndexedDB): nothing shows before them.
 */
export function SaveOffline({ request, className = '' }: { request: SaveRequest; className?: string }) {
  const { t, i18n } = useTranslation();
  const saved = useSavedOffline(request);
  if (!saved.available || saved.entry === undefined) return null;
  const act = (work: () => Promise<void>, done: string) =>
    work().then(
      () => notify('success', t(done)),
      (error: unknown) => notify('error', t('saved.failed'), errorText(t, error)),
    );
  return (
    <div className={`flex flex-wrap items-center gap-2 text-sm ${className}`} data-testid="save-offline">
      {saved.entry ? (
        <>
          <span className="text-slate-700" data-testid="saved-size">
            {t('saved.saved', { size: sizeText(i18n.language, saved.entry.bytes) })}
          </span>
          <Button
            size="sm"
            variant="outline"
            busy={saved.busy}
            onClick={() => void act(saved.save, 'saved.done')}
            aria-label={t('saved.updateNamed', { name: request.label })}
          >
            {t('saved.update')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={saved.busy}
            onClick={() => void act(saved.remove, 'saved.removed')}
            aria-label={t('saved.removeNamed', { name: request.label })}
          >
            {t('saved.remove')}
          </Button>
        </>
      ) : (
        <Button
          size="sm"
          variant="outline"
          busy={saved.busy}
          onClick={() => void act(saved.save, 'saved.done')}
          aria-label={t('saved.saveNamed', { name: request.label })}
        >
          {saved.busy ? t('saved.saving') : t('saved.save')}
        </Button>
      )}
    </div>
  );
}

/** A save's state on this device, and saving or removing it. */
function useSavedOffline(request: SaveRequest) {
  const client = useQueryClient();
  // The app's routes, as its router has them: a save runs their loaders (web/lib/save-pages.ts, loaded on use).
  const routes = useContext(UNSAFE_DataRouterContext)?.router.routes;
  const save = routes
    ? () => {
        // A client of the app's kind for the save alone (its class imported there would split TanStack off the first load).
        const App = client.constructor as new (config: QueryClientConfig) => QueryClient;
        const newClient = () => new App({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
        return import('../../lib/save-pages.ts').then((m) => m.saveOffline({ routes: [...routes], newClient }, request));
      }
    : null;
  const [entry, setEntry] = useState<SavedEntry | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  // Only with a service worker in charge: it opens what was saved offline, and forgets it when a
  // session changes on the device (without one, the next person could be shown this one's saves).
  const [worker, setWorker] = useState(false);
  useEffect(() => {
    const container = navigator.serviceWorker;
    if (!container) return;
    const check = () => setWorker(!!container.controller);
    check();
    container.addEventListener('controllerchange', check);
    return () => container.removeEventListener('controllerchange', check);
  }, []);
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return setEntry(null);
    let live = true;
    savedStore.get(request.id).then(
      (found) => live && setEntry(found ?? null),
      () => live && setEntry(null),
    );
    return () => {
      live = false;
    };
  }, [request.id]);
  const run = useCallback(async (work: () => Promise<SavedEntry | null>) => {
    setBusy(true);
    try {
      setEntry(await work());
    } finally {
      setBusy(false);
    }
  }, []);
  return {
    /** undefined until read; null when not saved. */
    entry,
    busy,
    available: save !== null && worker,
    save: () => run(() => save!()),
    remove: () => run(() => savedStore.remove(request.id).then(() => null)),
  };
}
