import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { Place } from '../../../common/places.ts';
import { FormActions, FormDialog } from '../../components/ui/form-dialog.tsx';
import { showServerFieldErrors } from '../../lib/form.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { placeForm, PlaceFormFields } from './place-form-fields.tsx';
import { useCreatePlace, useUpdatePlace } from './places.api.ts';

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
  const form = useForm({ resolver: placeForm.resolver, defaultValues: place ? placeForm.valuesOf(place) : placeForm.empty });
  const title = place ? t('places.editPlace') : t('places.addPlace');

  const submit = form.handleSubmit(async (values) => {
    try {
      if (place) {
        const saved = await update.mutateAsync(values);
        notify('success', t('places.toast.saved'), saved.pendingRevision ? t('content.revision.toast') : undefined);
      } else {
        const created = await create.mutateAsync(values);
        notify('success', t('places.toast.added'), created.status === 'pending' ? t('places.toast.awaitingApproval') : undefined);
        form.reset(placeForm.empty);
      }
      onOpenChange(false);
    } catch (error) {
      notify('error', place ? t('places.toast.saveError') : t('places.toast.addError'), errorText(t, error));
      showServerFieldErrors(error, placeForm.serverFields, form.setError);
    }
  });

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} busy={saving} title={title} description={place ? t('places.form.editSubtitle') : t('places.form.subtitle')} testId="place-form-dialog" aboveMap>
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        <PlaceFormFields form={form} />
        <FormActions busy={saving} onCancel={() => onOpenChange(false)} submitLabel={place ? t('places.saveChanges') : t('places.addPlace')} />
      </form>
    </FormDialog>
  );
}
