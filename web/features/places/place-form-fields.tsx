import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { z } from 'zod';
import { placeInputSchema, type Place, type PlaceVisibility } from '../../../common/places.ts';
import { SelectField, TextField } from '../../components/ui/text-field.tsx';
import { fieldError, sectionForm, useSectionFields } from '../../lib/form.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useMe } from '../../lib/session.ts';
import { profileQueries } from '../profiles/index.ts';

type FormValues = z.input<typeof placeInputSchema>;
type FormOutput = z.output<typeof placeInputSchema>;

// Empty number inputs give NaN, which the schema reports as a required field.
const EMPTY: FormValues = { name: '', location: '', latitude: Number.NaN, longitude: Number.NaN, imageUrl: '', visibility: 'public', teamId: null };

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
    visibility: place.visibility,
    teamId: place.team?.id ?? null,
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
        <TextField
          {...field('latitude', { valueAsNumber: true })}
          type="number"
          inputMode="decimal"
          step="any"
          min={-90}
          max={90}
          dir="ltr"
          hint={t('places.form.latitudeHint')}
        />
        <TextField
          {...field('longitude', { valueAsNumber: true })}
          type="number"
          inputMode="decimal"
          step="any"
          min={-180}
          max={180}
          dir="ltr"
          hint={t('places.form.longitudeHint')}
        />
      </div>
      <TextField {...field('imageUrl')} type="url" dir="ltr" placeholder="https://…" hint={t('places.form.imageUrlHint')} />
      <AudienceField form={form} />
    </>
  );
}

/**
 * "Who can see this place": everyone, one crew of the author's, or the author only. One choice sets
 * both `visibility` and `teamId`; the server checks that the crew is the author's.
 */
function AudienceField({ form }: { form: UseFormReturn<FormValues, unknown, FormOutput> }) {
  const { t } = useTranslation();
  const { user } = useMe();
  // The crews come from the author's profile once the page runs in the browser: the form opens on a click.
  const hydrated = useHydrated();
  const profile = useQuery({ ...profileQueries.public(user?.id ?? ''), enabled: hydrated && !!user });
  // Only a team joined by request or invitation keeps a crew spot (the server refuses an open one:
  // anyone could join it and see the spot); the hint says why an open team is not offered.
  const teams = profile.data?.teams ?? [];
  const crews = teams.filter((team) => team.isPrivate);
  const openTeamsLeftOut = crews.length < teams.length;
  const visibility = form.watch('visibility') ?? 'public';
  const teamId = form.watch('teamId') ?? null;
  // A crew place edited by someone outside its crew (an admin) keeps its crew among the choices.
  if (visibility === 'crew' && teamId && !crews.some((c) => c.id === teamId)) {
    crews.push({ id: teamId, name: t('places.visibility.currentCrew'), logoUrl: null, role: 'member', isPrivate: true });
  }
  const value = visibility === 'crew' ? `crew:${teamId ?? ''}` : visibility;
  const error = form.formState.errors.visibility ?? form.formState.errors.teamId;
  return (
    <SelectField
      label={t('places.visibility.label')}
      hint={
        openTeamsLeftOut ? `${t(`places.visibility.hint.${visibility}`)} ${t('places.visibility.openTeamsLeftOut')}` : t(`places.visibility.hint.${visibility}`)
      }
      error={fieldError(t, error)}
      value={value}
      name="audience"
      data-testid="place-visibility"
      onChange={(event) => {
        const chosen = event.target.value;
        const crew = chosen.startsWith('crew:') ? chosen.slice('crew:'.length) : null;
        form.setValue('visibility', (crew ? 'crew' : chosen) as PlaceVisibility, { shouldDirty: true });
        form.setValue('teamId', crew, { shouldDirty: true });
      }}
    >
      <option value="public">{t('places.visibility.public')}</option>
      {crews.map((crew) => (
        <option key={crew.id} value={`crew:${crew.id}`}>
          {t('places.visibility.crew', { team: crew.name })}
        </option>
      ))}
      <option value="private">{t('places.visibility.private')}</option>
    </SelectField>
  );
}
