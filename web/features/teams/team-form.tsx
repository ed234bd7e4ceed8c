import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { z } from 'zod';
import { DEFAULT_TEAM_TYPE } from '../../../common/teams-basics.ts';
import { teamInputSchema, type TeamDetail, type TeamInput } from '../../../common/teams.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { showServerFieldErrors } from '../../lib/form.ts';
import { TeamDetailsFields, type TeamDetailsValues } from './team-details-fields.tsx';

type FormValues = TeamDetailsValues;
export type TeamFormOutput = z.output<typeof teamInputSchema>;

const FIELDS = ['name', 'type', 'description', 'location', 'foundedDate', 'isPrivate', 'disciplineIds'] as const;

export function emptyTeamValues(disciplineId?: string): FormValues {
  return {
    name: '',
    type: DEFAULT_TEAM_TYPE,
    description: '',
    location: '',
    foundedDate: null,
    isPrivate: false,
    disciplineIds: disciplineId ? [disciplineId] : [],
  };
}

/** A stored team's values; its disciplines come by id (the admin API lists ids, the team page whole disciplines). */
export function teamValues(
  team: Pick<TeamDetail, 'name' | 'type' | 'description' | 'location' | 'foundedDate' | 'isPrivate'>,
  disciplineIds: string[],
): FormValues {
  return {
    name: team.name,
    type: team.type,
    description: team.description ?? '',
    location: team.location ?? '',
    foundedDate: team.foundedDate,
    isPrivate: team.isPrivate,
    disciplineIds,
  };
}

/**
 * The fields of a team, for Create Team and for Manage Team › Details. Validates with the shared
 * schema; `onSubmit` rejects on failure (the caller shows the toast) and the typed values stay.
 */
export function TeamForm({
  defaultValues,
  onSubmit,
  submitLabel,
  onCancel,
  pending,
}: {
  defaultValues: FormValues;
  onSubmit: (values: TeamInput) => Promise<unknown>;
  submitLabel: string;
  onCancel?: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState, control, setError } = useForm<FormValues, unknown, TeamFormOutput>({
    resolver: zodResolver(teamInputSchema),
    defaultValues,
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      showServerFieldErrors(error, FIELDS, setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TeamDetailsFields register={register} control={control} errors={formState.errors} />
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            {t('common.cancel')}
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {pending && <Spinner className="h-4 w-4" />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
