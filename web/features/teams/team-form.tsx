import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DEFAULT_TEAM_TYPE, SUGGESTED_TEAM_TYPES, TEAM_MAX_DISCIPLINES, teamInputSchema, type TeamDetail, type TeamInput } from '../../../common/teams.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextArea, TextField } from '../../components/ui/text-field.tsx';
import { fieldError, showServerFieldErrors } from '../../lib/form.ts';
import { useLocalizedName } from '../../lib/localized.ts';
import { useDisciplines } from '../disciplines/disciplines.api.ts';

type FormValues = z.input<typeof teamInputSchema>;
export type TeamFormOutput = z.output<typeof teamInputSchema>;

const FIELDS = ['name', 'type', 'description', 'location', 'foundedDate', 'isPrivate', 'disciplineIds'] as const;

export function emptyTeamValues(disciplineId?: string): FormValues {
  return { name: '', type: DEFAULT_TEAM_TYPE, description: '', location: '', foundedDate: null, isPrivate: false, disciplineIds: disciplineId ? [disciplineId] : [] };
}

export function teamValues(team: TeamDetail): FormValues {
  return {
    name: team.name,
    type: team.type,
    description: team.description ?? '',
    location: team.location ?? '',
    foundedDate: team.foundedDate,
    isPrivate: team.isPrivate,
    disciplineIds: team.disciplines.map((d) => d.id),
  };
}

const today = () => new Date().toISOString().slice(0, 10);

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
  const name = useLocalizedName();
  const ids = useId();
  const { data: disciplines = [], isLoading: disciplinesLoading } = useDisciplines();
  const sorted = useMemo(() => [...disciplines].sort((a, b) => name(a).localeCompare(name(b))), [disciplines, name]);
  const { register, handleSubmit, formState, control, setError } = useForm<FormValues, unknown, TeamFormOutput>({
    resolver: zodResolver(teamInputSchema),
    defaultValues,
  });
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      showServerFieldErrors(error, FIELDS, setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label={t('teams.form.name')} autoComplete="off" maxLength={100} error={fieldError(t, errors.name)} {...register('name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <TextField
            label={t('teams.form.type')}
            list={`${ids}-types`}
            maxLength={40}
            hint={t('teams.form.typeHint')}
            error={fieldError(t, errors.type)}
            {...register('type')}
          />
          <datalist id={`${ids}-types`}>
            {SUGGESTED_TEAM_TYPES.map((type) => (
              <option key={type} value={type} />
            ))}
          </datalist>
        </div>
        <TextField label={t('teams.form.location')} maxLength={120} autoComplete="off" error={fieldError(t, errors.location)} {...register('location')} />
      </div>
      <TextArea label={t('teams.form.description')} maxLength={2000} rows={4} className="min-h-24" error={fieldError(t, errors.description)} {...register('description')} />
      <div className="grid items-end gap-4 sm:grid-cols-2">
        <TextField
          label={t('teams.form.foundedDate')}
          type="date"
          min="1900-01-01"
          max={today()}
          error={fieldError(t, errors.foundedDate)}
          {...register('foundedDate', { setValueAs: (v: string | null) => (v ? v : null) })}
        />
        <label className="flex min-h-10 items-start gap-3 rounded-lg border border-slate-200 px-3 py-2">
          <input type="checkbox" className="mt-1 h-4 w-4 accent-brand-600" aria-describedby={`${ids}-private-hint`} {...register('isPrivate')} />
          <span>
            <span className="block text-sm font-medium text-slate-800">{t('teams.form.private')}</span>
            <span id={`${ids}-private-hint`} className="block text-xs text-slate-500">
              {t('teams.form.privateHint')}
            </span>
          </span>
        </label>
      </div>
      <Controller
        control={control}
        name="disciplineIds"
        render={({ field, fieldState }) => {
          const selected = new Set(field.value ?? []);
          const toggle = (id: string, on: boolean) => {
            const next = new Set(selected);
            if (on) next.add(id);
            else next.delete(id);
            field.onChange([...next]);
          };
          return (
            <fieldset aria-describedby={`${ids}-disciplines-hint`}>
              <legend className="text-sm font-medium text-slate-700">{t('teams.form.disciplines')}</legend>
              <p id={`${ids}-disciplines-hint`} className="text-xs text-slate-500">
                {t('teams.form.disciplinesHint', { max: TEAM_MAX_DISCIPLINES, selected: selected.size })}
              </p>
              {disciplinesLoading ? (
                <Spinner className="mt-2 h-5 w-5" />
              ) : (
                <div className="mt-2 grid max-h-52 grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
                  {sorted.map((d) => {
                    const checked = selected.has(d.id);
                    return (
                      <label key={d.id} className={`flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50 ${checked ? 'bg-brand-50' : ''}`}>
                        <input
                          type="checkbox"
                          className="h-4 w-4 accent-brand-600"
                          checked={checked}
                          disabled={!checked && selected.size >= TEAM_MAX_DISCIPLINES}
                          onChange={(e) => toggle(d.id, e.target.checked)}
                          onBlur={field.onBlur}
                        />
                        <span aria-hidden="true">{d.icon}</span>
                        <span className="truncate" title={name(d)}>
                          {name(d)}
                        </span>
                      </label>
                    );
                  })}
                </div>
              )}
              {fieldState.error && (
                <p className="mt-1 text-sm text-red-600" role="alert">
                  {fieldError(t, fieldState.error)}
                </p>
              )}
            </fieldset>
          );
        }}
      />
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
