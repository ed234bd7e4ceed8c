import { zodResolver } from '@hookform/resolvers/zod';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { z } from 'zod';
import { placeInputSchema, type Place } from '../../../common/places.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { sectionForm, useSectionFields } from '../../lib/form.ts';

type FormValues = z.input<typeof placeInputSchema>;
type FormOutput = z.output<typeof placeInputSchema>;

// Empty number inputs give NaN, which the schema reports as a required field.
const EMPTY: FormValues = { name: '', location: '', latitude: Number.NaN, longitude: Number.NaN, imageUrl: '' };

/** How a place's form is checked, filled and shown: one definition for every form of a place. */
export const placeForm = sectionForm({
  resolver: zodResolver(placeInputSchema),
  empty: EMPTY,
  valuesOf: (place: Place): FormValues => ({
    name: place.name,
    location: place.location,
    latitude: place.latitude,
    longitude: place.longitude,
    imageUrl: place.imageUrl ?? '',
  }),
  Fields: PlaceFormFields,
});

/** A place's fields, as the section's dialog and the admin form both show them. */
export function PlaceFormFields({ form }: { form: UseFormReturn<FormValues, unknown, FormOutput> }) {
  const { t } = useTranslation();
  const field = useSectionFields(form, 'places');
  return (
    <>
      <TextField {...field('name')} autoComplete="off" maxLength={120} />
      <TextField {...field('location')} placeholder={t('places.form.locationPlaceholder')} autoComplete="off" maxLength={160} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field('latitude', { valueAsNumber: true })} type="number" inputMode="decimal" step="any" min={-90} max={90} dir="ltr" hint={t('places.form.latitudeHint')} />
        <TextField {...field('longitude', { valueAsNumber: true })} type="number" inputMode="decimal" step="any" min={-180} max={180} dir="ltr" hint={t('places.form.longitudeHint')} />
      </div>
      <TextField {...field('imageUrl')} type="url" dir="ltr" placeholder="https://…" hint={t('places.form.imageUrlHint')} />
    </>
  );
}
