import { useTranslation } from '../../lib/i18n-binding.tsx';
import { reloadIntoUpdate, useUpdateWaiting } from '../../lib/service-worker.ts';
import { Button } from '../ui/button.tsx';

/** 'A new version of Stoked is ready. Reload': shown once a new version waits (web/lib/service-worker.ts). */
export function UpdateBanner() {
  const { t } = useTranslation();
  if (!useUpdateWaiting()) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-0 z-50 flex flex-wrap items-center justify-center gap-3 bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
      data-testid="update-banner"
    >
      <span>{t('app.updateReady')}</span>
      <Button size="sm" onClick={reloadIntoUpdate}>
        {t('app.reloadToUpdate')}
      </Button>
    </div>
  );
}
