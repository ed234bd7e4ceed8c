import { Button } from '../ui/button.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useSavedOffline, type SaveRequest } from '../../lib/saved-offline.ts';
import { errorText, notify } from '../../lib/toast.ts';

/** Megabytes with one decimal, kilobytes below one. */
function sizeText(language: string, bytes: number): string {
  const mb = bytes >= 1_000_000;
  return new Intl.NumberFormat(language, { style: 'unit', unit: mb ? 'megabyte' : 'kilobyte', maximumFractionDigits: mb ? 1 : 0 }).format(mb ? bytes / 1_000_000 : Math.max(1, bytes / 1000));
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
          <Button size="sm" variant="outline" busy={saved.busy} onClick={() => void act(saved.save, 'saved.done')}>
            {t('saved.update')}
          </Button>
          <Button size="sm" variant="ghost" disabled={saved.busy} onClick={() => void act(saved.remove, 'saved.removed')}>
            {t('saved.remove')}
          </Button>
        </>
      ) : (
        <Button size="sm" variant="outline" busy={saved.busy} onClick={() => void act(saved.save, 'saved.done')}>
          {saved.busy ? t('saved.saving') : t('saved.save')}
        </Button>
      )}
    </div>
  );
}
