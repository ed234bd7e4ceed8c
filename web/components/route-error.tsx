import { useTranslation } from '../lib/i18n-binding.tsx';
import { useRouteError } from 'react-router';
import { StateMessage } from './ui/state-message.tsx';

/** Shown instead of a blank page when a page fails to render (e.g. a chunk could not load). */
export function RouteError() {
  const { t } = useTranslation();
  console.error(useRouteError());
  return (
    <StateMessage icon="⚠️" title={t('errors.INTERNAL_ERROR')} homeLabel={t('common.returnHome')}>
      <button type="button" className="font-semibold text-brand-700 hover:underline" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </StateMessage>
  );
}
