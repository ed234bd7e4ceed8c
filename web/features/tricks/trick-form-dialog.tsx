import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TRICK_LEVELS, TRICK_STEPS_MAX, TRICK_TIPS_MAX, trickFormSchema, type Trick, type TrickFormValues } from '../../../common/tricks.ts';
import { FormActions, FormDialog } from '../../components/ui/form-dialog.tsx';
import { SelectField, TextArea, TextField } from '../../components/ui/text-field.tsx';
import { fieldError, showServerFieldErrors } from '../../lib/form.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useCreateTrick, useUpdateTrick } from './tricks.api.ts';

type FormOutput = z.output<typeof trickFormSchema>;

const FIELDS = ['name', 'description', 'level', 'difficulty', 'steps', 'tips', 'videoUrl'] as const;

// An empty number input gives NaN, which the schema reports as a required field.
const EMPTY: TrickFormValues = { name: '', description: '', level: 'Beginner', difficulty: Number.NaN, steps: '', tips: '', videoUrl: '' };

const toForm = (trick: Trick): TrickFormValues => ({
  name: trick.name,
  description: trick.description,
  level: trick.level,
  difficulty: trick.difficulty,
  steps: trick.steps.join('\n'),
  tips: trick.tips.join('\n'),
  videoUrl: trick.videoUrl ?? '',
});

/**
 * 'Add Trick' (or, with `trick`, its edit) in a dialog; steps and tips are typed one per line. The
 * form stays open with what was typed when saving fails.
 */
export function TrickFormDialog({
  open,
  onOpenChange,
  disciplineId,
  trick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  disciplineId: string;
  trick?: Trick;
}) {
  const { t } = useTranslation();
  const create = useCreateTrick(disciplineId);
  const update = useUpdateTrick(trick?.id ?? '');
  const pending = create.isPending || update.isPending;
  const { register, handleSubmit, formState, setError, reset } = useForm<TrickFormValues, unknown, FormOutput>({
    resolver: zodResolver(trickFormSchema),
    defaultValues: trick ? toForm(trick) : EMPTY,
  });
  const errors = formState.errors;

  // Opening the editor again starts from the stored trick, not from an abandoned draft.
  useEffect(() => {
    if (open && trick) reset(toForm(trick));
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = handleSubmit(async (values) => {
    try {
      if (trick) {
        await update.mutateAsync(values);
        notify('success', t('tricks.toast.updated'));
      } else {
        const created = await create.mutateAsync(values);
        notify('success', t('tricks.toast.added'), created.status === 'pending' ? t('content.awaitingApproval') : undefined);
        reset(EMPTY);
      }
      onOpenChange(false);
    } catch (error) {
      notify('error', t(trick ? 'tricks.toast.updateError' : 'tricks.toast.addError'), errorText(t, error));
      showServerFieldErrors(error, FIELDS, setError);
    }
  });

  const title = trick ? t('tricks.editTrick') : t('tricks.addTrick');
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} busy={pending} title={title} description={t('tricks.form.subtitle')} testId="trick-form-dialog" wide>
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        <TextField label={t('tricks.form.name')} autoComplete="off" maxLength={120} error={fieldError(t, errors.name)} {...register('name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t('tricks.form.level')} error={fieldError(t, errors.level)} {...register('level')}>
            {TRICK_LEVELS.map((level) => (
              <option key={level} value={level}>
                {t(`tricks.level.${level}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('tricks.form.difficulty')}
            type="number"
            inputMode="numeric"
            step={1}
            min={1}
            max={10}
            dir="ltr"
            hint={t('tricks.form.difficultyHint')}
            error={errors.difficulty?.message === 'VALIDATION_ERROR' ? t('tricks.form.difficultyError') : fieldError(t, errors.difficulty)}
            {...register('difficulty', { valueAsNumber: true })}
          />
        </div>
        <TextArea label={t('tricks.form.description')} maxLength={2000} className="min-h-24" error={fieldError(t, errors.description)} {...register('description')} />
        <TextArea
          label={t('tricks.form.steps')}
          hint={t('tricks.form.stepsHint', { max: TRICK_STEPS_MAX })}
          placeholder={t('tricks.form.stepsPlaceholder')}
          className="min-h-32"
          error={fieldError(t, errors.steps)}
          data-testid="trick-steps-input"
          {...register('steps')}
        />
        <TextArea
          label={t('tricks.form.tips')}
          hint={t('tricks.form.tipsHint', { max: TRICK_TIPS_MAX })}
          className="min-h-24"
          error={fieldError(t, errors.tips)}
          {...register('tips')}
        />
        <TextField
          label={t('tricks.form.videoUrl')}
          type="url"
          dir="ltr"
          placeholder="https://www.youtube.com/watch?v=…"
          hint={t('tricks.form.videoUrlHint')}
          error={fieldError(t, errors.videoUrl)}
          {...register('videoUrl')}
        />
        <FormActions busy={pending} onCancel={() => onOpenChange(false)} submitLabel={trick ? t('common.save') : t('tricks.addTrick')} submitTestId="trick-submit" />
      </form>
    </FormDialog>
  );
}
