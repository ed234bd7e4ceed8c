import { zodResolver } from '@hookform/resolvers/zod';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { z } from 'zod';
import { TRICK_LEVELS } from '../../../common/tricks-basics.ts';
import { TRICK_STEPS_MAX, TRICK_TIPS_MAX, trickFormSchema, type Trick, type TrickFormValues } from '../../../common/tricks.ts';
import { SelectField, TextArea, TextField } from '../../components/ui/text-field.tsx';
import { fieldError, sectionForm, useSectionFields } from '../../lib/form.ts';

type FormOutput = z.output<typeof trickFormSchema>;

// An empty number input gives NaN, which the schema reports as a required field.
const EMPTY: TrickFormValues = { name: '', description: '', level: 'Beginner', difficulty: Number.NaN, steps: '', tips: '', videoUrl: '' };

/** How a trick's form is checked, filled and shown: one definition for every form of a trick. */
export const trickForm = sectionForm({
  resolver: zodResolver(trickFormSchema),
  empty: EMPTY,
  valuesOf: (trick: Trick): TrickFormValues => ({
    name: trick.name,
    description: trick.description,
    level: trick.level,
    difficulty: trick.difficulty,
    steps: trick.steps.join('\n'),
    tips: trick.tips.join('\n'),
    videoUrl: trick.videoUrl ?? '',
  }),
  Fields: TrickFormFields,
});

/** A trick's fields, as the section's dialog and the admin form both show them; steps and tips are typed one per line. */
export function TrickFormFields({ form }: { form: UseFormReturn<TrickFormValues, unknown, FormOutput> }) {
  const { t } = useTranslation();
  const field = useSectionFields(form, 'tricks');
  const errors = form.formState.errors;
  return (
    <>
      <TextField {...field('name')} autoComplete="off" maxLength={120} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField {...field('level')}>
          {TRICK_LEVELS.map((level) => (
            <option key={level} value={level}>
              {t(`tricks.level.${level}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          {...field('difficulty', { valueAsNumber: true })}
          type="number"
          inputMode="numeric"
          step={1}
          min={1}
          max={10}
          dir="ltr"
          hint={t('tricks.form.difficultyHint')}
          error={errors.difficulty?.message === 'VALIDATION_ERROR' ? t('tricks.form.difficultyError') : fieldError(t, errors.difficulty)}
        />
      </div>
      <TextArea {...field('description')} maxLength={2000} className="min-h-24" />
      <TextArea
        {...field('steps')}
        hint={t('tricks.form.stepsHint', { max: TRICK_STEPS_MAX })}
        placeholder={t('tricks.form.stepsPlaceholder')}
        className="min-h-32"
        data-testid="trick-steps-input"
      />
      <TextArea {...field('tips')} hint={t('tricks.form.tipsHint', { max: TRICK_TIPS_MAX })} className="min-h-24" />
      <TextField {...field('videoUrl')} type="url" dir="ltr" placeholder="https://www.youtube.com/watch?v=…" hint={t('tricks.form.videoUrlHint')} />
    </>
  );
}
