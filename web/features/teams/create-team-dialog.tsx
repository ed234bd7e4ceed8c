import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TeamInput } from '../../../common/teams.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { TeamForm, emptyTeamValues } from './team-form.tsx';
import { useCreateTeam } from './teams.api.ts';

/** Create Team in a dialog; on success the new (pending) team's page opens. */
export function CreateTeamDialog({ open, onOpenChange, disciplineId }: { open: boolean; onOpenChange: (open: boolean) => void; disciplineId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateTeam();

  const onSubmit = async (values: TeamInput) => {
    try {
      const team = await create.mutateAsync(values);
      notify('success', t('teams.toast.saved'), team.status === 'pending' ? t('teams.toast.awaitingApproval') : undefined);
      onOpenChange(false);
      void navigate(`/team/${team.id}`);
    } catch (error) {
      // The dialog stays open with everything typed.
      notify('error', t('teams.toast.createError'), errorText(t, error));
      throw error;
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          // A click beside the dialog must not throw away a half-filled form; Escape and Cancel close it.
          onInteractOutside={(event) => event.preventDefault()}
          // Start in the first field (Team Name) rather than on the close button.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement).querySelector<HTMLInputElement>('input')?.focus();
          }}
          className="fixed inset-x-2 top-1/2 z-50 mx-auto max-h-[92vh] max-w-2xl -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:inset-x-4 sm:p-8"
          data-testid="create-team-dialog"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-2xl font-bold text-slate-900">{t('teams.createTeam')}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">{t('teams.create.subtitle')}</Dialog.Description>
            </div>
            <Dialog.Close className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg hover:bg-slate-100" aria-label={t('common.close')}>
              <span aria-hidden="true" className="text-xl">✕</span>
            </Dialog.Close>
          </div>
          <div className="mt-6">
            <TeamForm
              defaultValues={emptyTeamValues(disciplineId)}
              onSubmit={onSubmit}
              submitLabel={t('teams.createTeam')}
              onCancel={() => onOpenChange(false)}
              pending={create.isPending}
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
