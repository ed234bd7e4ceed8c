import { useTranslation } from '../lib/i18n-binding.tsx';
import { useRouteError } from 'react-router';
import { useHydrated } from '../lib/use-hydrated.ts';
import { StateMessage } from './ui/state-message.tsx';

/**
 * Shown instead of a blank page when a page fails to render (e.g. a chunk could not load); offline,
 * it says so: the service worker opens pages visited before, and this one was not among them.
 */
export function RouteError() {
  const { t } = useTranslation();
  console.error(useRouteError());
  // Only once hydrated: the server, which drew the page, is online by definition.
  const offline = useHydrated() && !navigator.onLine;
  return (
    <StateMessage
      icon={offline ? '📡' : '⚠️'}
      title={offline ? t('app.offline') : t('errors.INTERNAL_ERROR')}
      text={offline ? t('app.offlineNotKept') : undefined}
      homeLabel={t('common.returnHome')}
    >
      <button type="button" className="font-semibold text-brand-700 hover:underline" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </StateMessage>
  );
}
