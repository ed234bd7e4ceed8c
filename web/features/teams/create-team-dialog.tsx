import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate } from 'react-router';
import type { TeamInput } from '../../../common/teams.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { TeamForm, emptyTeamValues } from './team-form.tsx';
import { useCreateTeam } from './teams.api.ts';
import { FormDialog } from '../../components/ui/form-dialog.tsx';

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
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={create.isPending}
      title={t('teams.createTeam')}
      description={t('teams.create.subtitle')}
      testId="create-team-dialog"
      wide
    >
      <div className="mt-6">
        <TeamForm
          defaultValues={emptyTeamValues(disciplineId)}
          onSubmit={onSubmit}
          submitLabel={t('teams.createTeam')}
          onCancel={() => onOpenChange(false)}
          pending={create.isPending}
        />
      </div>
    </FormDialog>
  );
}
