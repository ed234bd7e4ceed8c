import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { placeInputSchema } from '../../../common/places.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
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
    <Dialog.Root open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1100] bg-slate-900/50" />
        <Dialog.Content
          // A click beside the dialog must not throw away a half-filled form; Escape and Cancel close it.
          onInteractOutside={(event) => event.preventDefault()}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement).querySelector<HTMLInputElement>('input')?.focus();
          }}
          // Above the map's panes and controls, which Leaflet stacks up to z-index 1000.
          className="fixed inset-x-2 top-1/2 z-[1101] mx-auto max-h-[92vh] max-w-xl -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:inset-x-4 sm:p-8"
          data-testid="place-form-dialog"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-2xl font-bold text-slate-900">{t('places.addPlace')}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">{t('places.form.subtitle')}</Dialog.Description>
            </div>
            <Dialog.Close className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg hover:bg-slate-100" aria-label={t('common.close')}>
              <span aria-hidden="true" className="text-xl">✕</span>
            </Dialog.Close>
          </div>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
