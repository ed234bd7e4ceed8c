import { useEffect, useId, useMemo, useRef } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { TeamImageFileInput, TeamImagePreview, type TeamImageKind } from '../teams/index.ts';

/** A chosen picture waits here until the team is saved (a new team needs its id first). */
export type ImageChoice = { file: File | null; cleared: boolean };
export const NO_CHANGE: ImageChoice = { file: null, cleared: false };

/** Logo or banner: shows the stored picture or the chosen file's preview; the file is sent once the team is saved. */
export function ImageField({
  kind,
  teamName,
  current,
  choice,
  onChange,
  disabled,
}: {
  kind: TeamImageKind;
  teamName: string;
  current: string | null;
  choice: ImageChoice;
  onChange: (choice: ImageChoice) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (choice.file ? URL.createObjectURL(choice.file) : null), [choice.file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const shownUrl = preview ?? (choice.cleared ? null : current);
  const shown = { name: teamName || '?', logoUrl: shownUrl, bannerUrl: shownUrl };
  const reset = () => {
    if (input.current) input.current.value = '';
  };

  return (
    <div className="space-y-2" data-testid={`admin-team-${kind}`}>
      <label htmlFor={`${ids}-file`} className="block text-sm font-medium text-slate-700">
        {kind === 'logo' ? t('teams.manage.logo') : t('teams.manage.banner')}
      </label>
      <TeamImagePreview kind={kind} team={shown} bannerClassName="h-24 w-full rounded-lg" />
      <TeamImageFileInput
        id={`${ids}-file`}
        ref={input}
        onPick={(file) => onChange({ file, cleared: false })}
        disabled={disabled}
        describedBy={`${ids}-hint`}
      />
      <p id={`${ids}-hint`} className="text-xs text-slate-500">
        {choice.file ? t('admin.teamForm.imageOnSave') : kind === 'logo' ? t('teams.manage.logoHint') : t('teams.manage.bannerHint')}
      </p>
      {(choice.file || (current && !choice.cleared)) && (
        <Button
          size="sm"
          variant="outline"
          disabled={disabled}
          onClick={() => {
            reset();
            onChange(choice.file ? NO_CHANGE : { file: null, cleared: true });
          }}
        >
          {choice.file ? t('common.cancel') : kind === 'logo' ? t('teams.manage.removeLogo') : t('teams.manage.removeBanner')}
        </Button>
      )}
    </div>
  );
}
