import { zodResolver } from '@hookform/resolvers/zod';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { z } from 'zod';
import { EVENT_TYPES, type EventType } from '../../../common/events-basics.ts';
import { eventFormSchema, type Event } from '../../../common/events.ts';
import { REPEAT_FREQUENCIES, SERIES_MAX_DATES, SERIES_MIN_DATES, SERIES_SCOPES, type RepeatFrequency, type SeriesScope } from '../../../common/recurrence.ts';
import { SelectField, TextArea, TextField } from '../../components/ui/text-field.tsx';
import { sectionForm, useSectionFields } from '../../lib/form.ts';
import { EventPlacePicker } from './event-place-picker.tsx';
import { repeatLabel } from './event-series.tsx';

/** What the inputs hold: local 'YYYY-MM-DDTHH:mm' times, NaN for an empty number. */
type FormValues = {
  name: string;
  description: string;
  location: string;
  type: EventType;
  startDate: string;
  endDate: string;
  price: number;
  maxAttendees: number;
  imageUrl: string;
  /** '' for none. */
  placeId: string;
  /** Not sent (the schema drops it): the current place's name, for the picker. */
  placeName: string;
  /** A new event: '' for a single date, else how it repeats, and how many dates. */
  repeatFrequency: RepeatFrequency | '';
  repeatCount: number;
  /** Editing a date of a series: which dates change. */
  applyTo: SeriesScope;
  /** Not sent: what the form is for (a new event, a single one, or a date of a series). */
  kind: 'new' | 'single' | 'series';
};
type FormOutput = z.output<typeof eventFormSchema>;

/** A datetime-local value is the visitor's own time: sent as an ISO instant. */
function toIso(local: string): string {
  if (!local) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

function toLocalInput(isoText: string): string {
  const d = new Date(isoText);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

// The shared schema checks what the API will receive.
const formSchema = z.preprocess((v: FormValues) => {
  return {
    ...v,
    startDate: toIso(v.startDate),
    endDate: toIso(v.endDate),
    maxAttendees: Number.isNaN(v.maxAttendees) ? null : v.maxAttendees,
    placeId: v.placeId || null,
    // The browser's zone: a weekly 18:00 stays at 18:00 on this person's clock when the clocks change.
    repeat:
      v.kind === 'new' && v.repeatFrequency
        ? { frequency: v.repeatFrequency, count: v.repeatCount, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }
        : null,
    // Only when it says more than the server's default (this date alone): a save that changes nothing then sends nothing new.
    applyTo: v.kind === 'series' && v.applyTo === 'following' ? 'following' : undefined,
  };
}, eventFormSchema);

const EMPTY: FormValues = {
  name: '',
  description: '',
  location: '',
  type: 'Meetup',
  startDate: '',
  endDate: '',
  price: 0,
  maxAttendees: Number.NaN,
  imageUrl: '',
  placeId: '',
  placeName: '',
  repeatFrequency: '',
  repeatCount: 4,
  applyTo: 'one',
  kind: 'new',
};

/** How an event's form is checked, filled and shown: one definition for every form of an event. */
export const eventForm = sectionForm({
  resolver: zodResolver(formSchema),
  empty: EMPTY,
  valuesOf: (event: Event): FormValues => ({
    name: event.name,
    description: event.description,
    location: event.location,
    type: event.type,
    startDate: toLocalInput(event.startDate),
    endDate: toLocalInput(event.endDate),
    price: event.price,
    maxAttendees: event.maxAttendees ?? Number.NaN,
    imageUrl: event.imageUrl ?? '',
    placeId: event.placeId ?? '',
    // An edit waiting for approval may propose another place than the one shown (proposedVersion).
    placeName: event.place && event.place.id === event.placeId ? event.place.name : '',
    repeatFrequency: '',
    repeatCount: EMPTY.repeatCount,
    // An edit waiting for review says which dates it changes (proposedVersion spreads it onto the item).
    applyTo: (event as Event & { applyTo?: SeriesScope }).applyTo ?? 'one',
    kind: event.series ? 'series' : 'single',
  }),
  // A new event says how it repeats; an edit, which dates of its series it changes.
  toBody: ({ repeat, applyTo, ...fields }, item): FormOutput => (item ? { ...fields, applyTo } : { ...fields, repeat }),
  fieldOfCode: { END_BEFORE_START: 'endDate', EVENT_PLACE_NOT_PUBLIC: 'placeId', PLACE_NOT_FOUND: 'placeId' },
  Fields: EventFormFields,
});

/** An event's fields, as the section's dialog and the admin form both show them. */
export function EventFormFields({ form }: { form: UseFormReturn<FormValues, unknown, FormOutput> }) {
  const { t } = useTranslation();
  const field = useSectionFields(form, 'events');
  // The stored item's place (the dialog resets its defaults on opening), not the one being chosen.
  const stored = form.formState.defaultValues;
  return (
    <>
      <TextField {...field('name')} autoComplete="off" maxLength={120} />
      <TextArea {...field('description')} maxLength={4000} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field('location')} placeholder={t('events.form.locationPlaceholder')} autoComplete="off" maxLength={160} />
        <SelectField {...field('type')}>
          {EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`events.types.${type}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field('startDate')} type="datetime-local" dir="ltr" />
        <TextField {...field('endDate')} type="datetime-local" dir="ltr" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...field('price', { valueAsNumber: true })}
          type="number"
          inputMode="decimal"
          step="0.01"
          min={0}
          dir="ltr"
          hint={t('events.form.priceHint')}
        />
        <TextField
          {...field('maxAttendees', { valueAsNumber: true })}
          type="number"
          inputMode="numeric"
          step="1"
          min={1}
          dir="ltr"
          hint={t('events.form.maxAttendeesHint')}
        />
      </div>
      <SeriesFields form={form} />
      <EventPlacePicker field={field('placeId')} current={stored?.placeId ? { id: stored.placeId, name: stored.placeName ?? '' } : null} />
      <TextField {...field('imageUrl')} type="url" dir="ltr" placeholder="https://…" hint={t('events.form.imageUrlHint')} />
    </>
  );
}

/** How a new event repeats, or which dates of its series an edit changes (nothing for a single event's edit). */
function SeriesFields({ form }: { form: UseFormReturn<FormValues, unknown, FormOutput> }) {
  const { t } = useTranslation();
  const field = useSectionFields(form, 'events');
  const kind = form.watch('kind');
  const repeats = form.watch('repeatFrequency') !== '';
  if (kind === 'series') {
    // Radio buttons: the choice shows whole, and posts as it is without scripts.
    const drawn = form.formState.defaultValues?.applyTo ?? 'one';
    return (
      <fieldset className="space-y-1" data-testid="event-apply-to">
        <legend className="text-sm font-medium">{t('events.form.applyTo')}</legend>
        {SERIES_SCOPES.map((scope) => (
          <label key={scope} className="flex items-center gap-2 text-sm">
            <input type="radio" value={scope} defaultChecked={scope === drawn} {...form.register('applyTo')} />
            {t(`events.form.applyToValues.${scope}`)}
          </label>
        ))}
      </fieldset>
    );
  }
  if (kind !== 'new') return null;
  // The shared schema names the rule's fields under `repeat` (repeat.count), which the form has no input of.
  const countError = 'repeat' in form.formState.errors;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField {...field('repeatFrequency')}>
        <option value="">{t('events.series.none')}</option>
        {REPEAT_FREQUENCIES.map((frequency) => (
          <option key={frequency} value={frequency}>
            {t(repeatLabel(frequency))}
          </option>
        ))}
      </SelectField>
      {repeats && (
        <TextField
          {...field('repeatCount', { valueAsNumber: true })}
          error={field('repeatCount').error ?? (countError ? t('events.form.repeatCountHint') : undefined)}
          type="number"
          inputMode="numeric"
          step="1"
          min={SERIES_MIN_DATES}
          max={SERIES_MAX_DATES}
          dir="ltr"
          hint={t('events.form.repeatCountHint')}
        />
      )}
    </div>
  );
}
