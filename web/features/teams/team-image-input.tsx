import type { ChangeEvent, Ref } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { TeamBanner, TeamLogo } from '../../components/ui/avatar.tsx';
import { notify } from '../../lib/toast.ts';
import type { TeamImageKind } from './teams.api.ts';

const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

/** The logo or banner as it would look, in its frame. */
export function TeamImagePreview({
  kind,
  team,
  bannerClassName,
}: {
  kind: TeamImageKind;
  team: { name: string; logoUrl: string | null; bannerUrl: string | null };
  bannerClassName: string;
}) {
  return (
    <div className="flex min-h-28 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50 p-3">
      {kind === 'logo' ? <TeamLogo team={team} size="lg" /> : <TeamBanner team={team} className={bannerClassName} />}
    </div>
  );
}

/**
 * The file input of a team picture. A picked file that is no picture or too big is refused here,
 * before any upload, with a toast; `onPick` gets only acceptable ones.
 */
export function TeamImageFileInput({
  id,
  ref,
  onPick,
  onNone,
  disabled,
  describedBy,
}: {
  id: string;
  ref: Ref<HTMLInputElement>;
  onPick: (file: File) => void;
  /** The selection was emptied or refused. */
  onNone?: () => void;
  disabled: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return onNone?.();
    const problem = !file.type.startsWith('image/') ? 'INVALID_IMAGE' : file.size > MAX_IMAGE_BYTES ? 'FILE_TOO_LARGE' : null;
    if (problem) {
      event.target.value = '';
      onNone?.();
      notify('error', t('teams.toast.uploadError'), t(`errors.${problem}`));
      return;
    }
    onPick(file);
  };
  return (
    <input
      ref={ref}
      id={id}
      type="file"
      accept="image/*"
      onChange={choose}
      disabled={disabled}
      aria-describedby={describedBy}
      className="block w-full text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-slate-900 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-slate-800"
    />
  );
}
