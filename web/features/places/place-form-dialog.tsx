import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { placeInputSchema } from '../../../common/places.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldError } from '../../lib/form.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useCreatePlace } from './places.api.ts';

type FormValues = z.input<typeof placeInputSchema>;
type FormOutput = z.output<typeof placeInputSchema>;

const FIELDS = ['name', 'location', 'latitude', 'longitude', 'imageUrl'] as const;

// Empty number inputs give NaN, which the schema reports as a required field.
const EMPTY: FormValues = { name: '', location: '', latitude: Number.NaN, longitude: Number.NaN, imageUrl: '' };

/** 'Add Place' in a dialog; the form stays open with what was typed when saving fails. */
export function PlaceFormDialog({ open, onOpenChange, disciplineId }: { open: boolean; onOpenChange: (open: boolean) => void; disciplineId: string }) {
  const { t } = useTranslation();
  const create = useCreatePlace(disciplineId);
  const { register, handleSubmit, formState, setError, reset } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(placeInputSchema),
    defaultValues: EMPTY,
  });
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    try {
      const place = await create.mutateAsync(values);
      notify('success', t('places.toast.added'), place.status === 'pending' ? t('places.toast.awaitingApproval') : undefined);
      reset(EMPTY);
      onOpenChange(false);
    } catch (error) {
      notify('error', t('places.toast.addError'), errorText(t, error));
      // The server may name the fields it refused: show each next to its field.
      if (error instanceof ApiError && error.fields) {
        for (const [path, code] of Object.entries(error.fields)) {
          const field = path.split('.')[0] as (typeof FIELDS)[number];
          if (FIELDS.includes(field)) setError(field as FieldPath<FormValues>, { message: code });
        }
      }
    }
  });

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} busy={create.isPending} title={t('places.addPlace')} description={t('places.form.subtitle')} testId="place-form-dialog" aboveMap>
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        <TextField label={t('places.form.name')} autoComplete="off" maxLength={120} error={fieldError(t, errors.name)} {...register('name')} />
        <TextField
          label={t('places.form.location')}
          placeholder={t('places.form.locationPlaceholder')}
          autoComplete="off"
          maxLength={160}
          error={fieldError(t, errors.location)}
          {...register('location')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('places.form.latitude')}
            type="number"
            inputMode="decimal"
            step="any"
            min={-90}
            max={90}
            dir="ltr"
            hint={t('places.form.latitudeHint')}
            error={fieldError(t, errors.latitude)}
            {...register('latitude', { valueAsNumber: true })}
          />
          <TextField
            label={t('places.form.longitude')}
            type="number"
            inputMode="decimal"
            step="any"
            min={-180}
            max={180}
            dir="ltr"
            hint={t('places.form.longitudeHint')}
            error={fieldError(t, errors.longitude)}
            {...register('longitude', { valueAsNumber: true })}
          />
        </div>
        <TextField
          label={t('places.form.imageUrl')}
          type="url"
          dir="ltr"
          placeholder="https://…"
          hint={t('places.form.imageUrlHint')}
          error={fieldError(t, errors.imageUrl)}
          {...register('imageUrl')}
        />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending && <Spinner className="h-4 w-4" />}
            {t('places.addPlace')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
