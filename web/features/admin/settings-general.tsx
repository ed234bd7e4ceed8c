import { useRef } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { SiteImageSetting } from '../../../common/admin-settings.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText, notify } from '../../lib/toast.ts';
import { DEFAULT_SITE_SETTINGS, useSiteSettings } from '../../lib/site-settings.ts';
import { useResetSiteImage, useUploadSiteImage } from './admin-settings.api.ts';

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';
// The home page's own picture when no background is set (web/features/home).
const STOCK_BACKGROUND = '/images/home-background.webp';

/** Settings › General: the site logo and the homepage background, through the server's image pipeline. */
export function SettingsGeneral() {
  const { logoUrl, homepageBackgroundUrl } = useSiteSettings();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SiteImage kind="logo" current={logoUrl} custom={logoUrl !== DEFAULT_SITE_SETTINGS.logoUrl} />
      <SiteImage kind="background" current={homepageBackgroundUrl ?? STOCK_BACKGROUND} custom={Boolean(homepageBackgroundUrl)} />
    </div>
  );
}

function SiteImage({ kind, current, custom }: { kind: SiteImageSetting; current: string; custom: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadSiteImage(kind);
  const reset = useResetSiteImage(kind);
  const busy = upload.isPending || reset.isPending;
  const inputId = `admin-${kind}-file`;

  const onFile = (file: File | undefined) => {
    if (!file) return;
    // Spec §5: any image; the server judges the bytes, this only spares a pointless upload.
    if (!file.type.startsWith('image/')) return notify('error', t('admin.settings.uploadError'), t('errors.INVALID_IMAGE'));
    upload.mutate(file, {
      onSuccess: () => notify('success', t(`admin.settings.general.${kind}Updated`)),
      onError: (error) => notify('error', t('admin.settings.uploadError'), errorText(t, error)),
    });
  };

  return (
    <section className={card} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-slate-900">
        {t(`admin.settings.general.${kind}`)}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t(`admin.settings.general.${kind}Hint`)}</p>
      <div
        className={`mt-4 flex items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50 ${kind === 'logo' ? 'h-32' : 'h-40'}`}
      >
        <img
          src={current}
          alt={t(`admin.settings.general.${kind}Preview`)}
          className={kind === 'logo' ? 'max-h-28 max-w-[12rem] object-contain' : 'h-full w-full object-cover'}
          data-testid={`admin-${kind}-preview`}
        />
      </div>
      {kind === 'background' && !custom && <p className="mt-2 text-xs text-slate-500">{t('admin.settings.general.stockBackground')}</p>}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Button onClick={() => input.current?.click()} disabled={busy} aria-describedby={`${inputId}-title`}>
          {upload.isPending ? <Spinner className="h-4 w-4 border-2" /> : <span aria-hidden="true">⬆️</span>}
          {t(`admin.settings.general.${kind}Upload`)}
        </Button>
        {custom && (
          <Button
            variant="outline"
            busy={reset.isPending}
            disabled={busy}
            onClick={() =>
              reset.mutate(undefined, {
                onSuccess: () => notify('success', t('admin.settings.general.resetDone')),
                onError: (error) => notify('error', t('common.error'), errorText(t, error)),
              })
            }
          >
            {t('admin.settings.general.reset')}
          </Button>
        )}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label={t(`admin.settings.general.${kind}Upload`)}
          data-testid={`admin-${kind}-upload`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            onFile(file);
          }}
        />
      </div>
    </section>
  );
}
