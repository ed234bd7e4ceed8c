import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { placeInputSchema } from '../../../common/places.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { FormActions, FormDialog } from '../../components/ui/form-dialog.tsx';
import { fieldError, showServerFieldErrors } from '../../lib/form.ts';
import { errorText, notify } from '../../lib/toast.ts';
import type { Place } from '../../../common/places.ts';
import { useCreatePlace, useUpdatePlace } from './places.api.ts';

type FormValues = z.input<typeof placeInputSchema>;
type FormOutput = z.output<typeof placeInputSchema>;

const FIELDS = ['name', 'location', 'latitude', 'longitude', 'imageUrl'] as const;

// Empty number inputs give NaN, which the schema reports as a required field.
const EMPTY: FormValues = { name: '', location: '', latitude: Number.NaN, longitude: Number.NaN, imageUrl: '' };

const valuesOf = (place: Place): FormValues => ({
  name: place.name,
  location: place.location,
  latitude: place.latitude,
  longitude: place.longitude,
  imageUrl: place.imageUrl ?? '',
});

/**
 * 'Add Place' in a dialog, or editing `place` when given; the form stays open with what was typed
 * when saving fails.
 */
export function PlaceFormDialog({
  open,
  onOpenChange,
  disciplineId,
  place,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  disciplineId: string;
  place?: Place;
}) {
  const { t } = useTranslation();
  const create = useCreatePlace(disciplineId);
  const update = useUpdatePlace(place?.id ?? '');
  const saving = create.isPending || update.isPending;
  const { register, handleSubmit, formState, setError, reset } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(placeInputSchema),
    defaultValues: place ? valuesOf(place) : EMPTY,
  });
  const errors = formState.errors;
  const title = place ? t('places.editPlace') : t('places.addPlace');

  const submit = handleSubmit(async (values) => {
    try {
      if (place) {
        await update.mutateAsync(values);
        notify('success', t('places.toast.saved'));
      } else {
        const created = await create.mutateAsync(values);
        notify('success', t('places.toast.added'), created.status === 'pending' ? t('places.toast.awaitingApproval') : undefined);
        reset(EMPTY);
      }
      onOpenChange(false);
    } catch (error) {
      notify('error', place ? t('places.toast.saveError') : t('places.toast.addError'), errorText(t, error));
      showServerFieldErrors(error, FIELDS, setError);
    }
  });

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} busy={saving} title={title} description={place ? t('places.form.editSubtitle') : t('places.form.subtitle')} testId="place-form-dialog" aboveMap>
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
        <FormActions busy={saving} onCancel={() => onOpenChange(false)} submitLabel={place ? t('places.saveChanges') : t('places.addPlace')} />
      </form>
    </FormDialog>
  );
}
