import { useRef } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText, notify } from '../../lib/toast.ts';
import { useUploadProfileImage } from './profiles.api.ts';

/** A button that picks a PNG or JPEG and uploads it as the avatar or the banner (spec §5 Uploads). */
export function ImageUploadButton({ kind, compact = false, className = '' }: { kind: 'avatar' | 'banner'; compact?: boolean; className?: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProfileImage(kind);
  const label = t(kind === 'avatar' ? 'profile.changeAvatar' : 'profile.changeBanner');
  return (
    <>
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={upload.isPending}
        aria-label={label}
        title={label}
        className={`inline-flex h-9 items-center gap-2 rounded-full bg-white/90 px-3 text-sm font-semibold text-slate-800 shadow hover:bg-white ${className}`}
      >
        {upload.isPending ? <Spinner className="h-4 w-4" /> : <span aria-hidden="true">📷</span>}
        <span className={compact ? 'sr-only' : 'sr-only sm:not-sr-only'}>{label}</span>
      </button>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        className="hidden"
        data-testid={`${kind}-input`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          upload.mutate(file, {
            onSuccess: () => notify('success', t(kind === 'avatar' ? 'profile.avatarUpdated' : 'profile.bannerUpdated')),
            onError: (error) => notify('error', t('profile.uploadError'), errorText(t, error)),
          });
        }}
      />
    </>
  );
}
