import { useId, useMemo } from 'react';
import { Controller, useFormState, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { z } from 'zod';
import { SUGGESTED_TEAM_TYPES, TEAM_MAX_DISCIPLINES } from '../../../common/teams-basics.ts';
import type { teamInputSchema } from '../../../common/teams.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextArea, TextField } from '../../components/ui/text-field.tsx';
import { fieldError, registerWithDefaults } from '../../lib/form.ts';
import { textOrder } from '../../lib/intl.ts';
import { useLocalizedName } from '../../lib/localized.ts';
import { useDisciplines } from '../../lib/disciplines.ts';

export type TeamDetailsValues = z.input<typeof teamInputSchema>;

type DetailsForm = { register: UseFormRegister<TeamDetailsValues>; control: Control<TeamDetailsValues>; errors: FieldErrors<TeamDetailsValues> };

const today = () => new Date().toISOString().slice(0, 10);

/**
 * A team's own fields (name, type, location, description, founded date, privacy, disciplines), for
 * Create Team, Manage Team › Details and the admin team form.
 */
export function TeamDetailsFields<Values extends TeamDetailsValues, Output>(props: {
  register: UseFormRegister<Values>;
  control: Control<Values, unknown, Output>;
  errors: FieldErrors<Values>;
  disciplinesTestId?: string;
}) {
  // A larger form (the admin one adds leader and members) holds these same fields with these same
  // types, but TypeScript cannot resolve field paths of a generic form, so it is narrowed here once.
  const { register: registerOnly, control, errors } = props as unknown as DetailsForm;
  const { t } = useTranslation();
  const ids = useId();
  // The stored values in the markup too: a page the server renders (Manage Team › Details) shows them before the scripts run.
  const { defaultValues: stored = {} } = useFormState({ control });
  const { name, type, location, description, foundedDate } = stored;
  const register = registerWithDefaults(registerOnly, { name, type, location, description, foundedDate });
  return (
    <>
      <TextField label={t('teams.form.name')} required autoComplete="off" maxLength={100} error={fieldError(t, errors.name)} {...register('name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <TextField
            label={t('teams.form.type')}
            required
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
      <TextArea
        label={t('teams.form.description')}
        maxLength={2000}
        rows={4}
        className="min-h-24"
        error={fieldError(t, errors.description)}
        {...register('description')}
      />
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
          <input
            type="checkbox"
            className="mt-1 h-4 w-4 accent-brand-600"
            aria-describedby={`${ids}-private-hint`}
            defaultChecked={stored.isPrivate === true}
            {...registerOnly('isPrivate')}
          />
          <span>
            <span className="block text-sm font-medium text-slate-800">{t('teams.form.private')}</span>
            <span id={`${ids}-private-hint`} className="block text-xs text-slate-500">
              {t('teams.form.privateHint')}
            </span>
          </span>
        </label>
      </div>
      <DisciplinesField control={control} testId={props.disciplinesTestId} />
    </>
  );
}

function DisciplinesField({ control, testId }: { control: Control<TeamDetailsValues>; testId: string | undefined }) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const name = useLocalizedName();
  const { data: disciplines = [], isLoading, isError } = useDisciplines();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const sorted = useMemo(() => [...disciplines].sort((a, b) => textOrder(language)(name(a), name(b))), [disciplines, name, language]);
  return (
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
          <fieldset aria-describedby={`${ids}-hint`} data-testid={testId}>
            <legend className="text-sm font-medium text-slate-700">{t('teams.form.disciplines')}</legend>
            <p id={`${ids}-hint`} className="text-xs text-slate-500">
              {t('teams.form.disciplinesHint', { max: TEAM_MAX_DISCIPLINES, selected: selected.size })}
            </p>
            {isLoading ? (
              <Spinner className="mt-2 h-5 w-5" />
            ) : isError ? (
              <p className="mt-2 text-sm text-red-600" role="alert">
                {t('admin.teamForm.disciplinesError')}
              </p>
            ) : (
              <div className="mt-2 grid max-h-52 grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
                {sorted.map((d) => {
                  const checked = selected.has(d.id);
                  return (
                    <label
                      key={d.id}
                      className={`flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50 ${checked ? 'bg-brand-50' : ''}`}
                    >
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
  );
}
