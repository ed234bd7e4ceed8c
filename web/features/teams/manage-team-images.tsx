import { useEffect, useId, useRef, useState } from 'react';
import type { TeamDetail } from '../../../common/teams.ts';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { errorText, notify } from '../../lib/toast.ts';
import { TeamImageFileInput, TeamImagePreview } from './team-image-input.tsx';
import { useRemoveTeamImage, useUploadTeamImage, type TeamImageKind } from './teams.api.ts';

/** Codes that say the file itself was refused (as opposed to the upload failing). */
const FILE_PROBLEMS = new Set(['INVALID_IMAGE', 'FILE_TOO_LARGE', 'TOO_MANY_FILES', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE']);

/** Manage Team › Images: the logo and the banner, each previewed before it is uploaded. */
export function ImagesPanel({ team }: { team: TeamDetail }) {
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <ImageEditor team={team} kind="logo" />
      <ImageEditor team={team} kind="banner" />
    </div>
  );
}

function ImageEditor({ team, kind }: { team: TeamDetail; kind: TeamImageKind }) {
  const { t } = useTranslation();
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadTeamImage(team.id);
  const remove = useRemoveTeamImage(team.id);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const current = kind === 'logo' ? team.logoUrl : team.bannerUrl;
  const busy = upload.isPending || remove.isPending;

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const clear = () => {
    setFile(null);
    setPreview(null);
    if (input.current) input.current.value = '';
  };

  const pick = (chosen: File) => {
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const send = () =>
    file &&
    upload.mutate(
      { kind, file },
      {
        onSuccess: (saved) => {
          clear();
          notify(
            'success',
            kind === 'logo' ? t('teams.toast.logoUpdated') : t('teams.toast.bannerUpdated'),
            saved.pendingRevision ? t('content.revision.toast') : undefined,
          );
        },
        onError: (error) => {
          const fileProblem = error instanceof ApiError && FILE_PROBLEMS.has(error.code);
          const title = fileProblem ? t('teams.toast.uploadError') : kind === 'logo' ? t('teams.toast.uploadLogoError') : t('teams.toast.uploadBannerError');
          notify('error', title, errorText(t, error));
        },
      },
    );

  const shown = { name: team.name, logoUrl: preview ?? team.logoUrl, bannerUrl: preview ?? team.bannerUrl };
  return (
    <div className="space-y-3" data-testid={`image-${kind}`}>
      <h3 className="font-semibold">{kind === 'logo' ? t('teams.manage.logo') : t('teams.manage.banner')}</h3>
      <TeamImagePreview kind={kind} team={shown} bannerClassName="h-28 rounded-lg" />
      <p className="text-xs text-slate-500">
        {preview ? t('teams.manage.previewHint') : kind === 'logo' ? t('teams.manage.logoHint') : t('teams.manage.bannerHint')}
      </p>
      <div className="space-y-1">
        <label htmlFor={`${ids}-file`} className="block text-sm font-medium text-slate-700">
          {t('teams.manage.chooseImage')}
        </label>
        <TeamImageFileInput id={`${ids}-file`} ref={input} onPick={pick} onNone={clear} disabled={busy} />
      </div>
      <div className="flex flex-wrap gap-2">
        {file ? (
          <>
            <Button size="sm" onClick={send} busy={upload.isPending} disabled={busy}>
              {t('teams.manage.upload')}
            </Button>
            <Button size="sm" variant="outline" onClick={clear} disabled={busy}>
              {t('common.cancel')}
            </Button>
          </>
        ) : (
          current && (
            <Button
              size="sm"
              variant="outline"
              busy={remove.isPending}
              disabled={busy}
              onClick={() =>
                remove.mutate(kind, {
                  onSuccess: (saved) =>
                    notify(
                      'success',
                      kind === 'logo' ? t('teams.toast.logoRemoved') : t('teams.toast.bannerRemoved'),
                      saved.pendingRevision ? t('content.revision.toast') : undefined,
                    ),
                  onError: (error) => notify('error', t('teams.toast.updateError'), errorText(t, error)),
                })
              }
            >
              {kind === 'logo' ? t('teams.manage.removeLogo') : t('teams.manage.removeBanner')}
            </Button>
          )
        )}
      </div>
    </div>
  );
}
