import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { Event } from '../../../common/events.ts';
import { FormActions, FormDialog } from '../../components/ui/form-dialog.tsx';
import { showServerFieldErrors } from '../../lib/form.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { eventForm, EventFormFields } from './event-form-fields.tsx';
import { useCreateEvent, useUpdateEvent } from './events.api.ts';

/** 'Add Event' in a dialog, or editing `event` when given; the form keeps what was typed when saving fails. */
export function EventFormDialog({ open, onOpenChange, disciplineId, event }: { open: boolean; onOpenChange: (open: boolean) => void; disciplineId: string; event?: Event }) {
  const { t } = useTranslation();
  const create = useCreateEvent(disciplineId);
  const update = useUpdateEvent(event?.id ?? '');
  const saving = create.isPending || update.isPending;
  const form = useForm({ resolver: eventForm.resolver, defaultValues: event ? eventForm.valuesOf(event) : eventForm.empty });
  const title = event ? t('events.editEvent') : t('events.addEvent');

  const submit = form.handleSubmit(async (values) => {
    try {
      if (event) {
        const saved = await update.mutateAsync(values);
        notify('success', t('events.toast.saved'), saved.pendingRevision ? t('content.revision.toast') : undefined);
      } else {
        const created = await create.mutateAsync(values);
        notify('success', t('events.toast.added'), created.status === 'pending' ? t('content.awaitingApproval') : undefined);
        form.reset(eventForm.empty);
      }
      onOpenChange(false);
    } catch (error) {
      notify('error', event ? t('events.toast.saveError') : t('events.toast.addError'), errorText(t, error));
      showServerFieldErrors(error, eventForm.serverFields, form.setError, eventForm.fieldOfCode);
    }
  });

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} busy={saving} title={title} description={event ? t('events.form.editSubtitle') : t('events.form.subtitle')} testId="event-form-dialog" wide>
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        <EventFormFields form={form} />
        <FormActions busy={saving} onCancel={() => onOpenChange(false)} submitLabel={event ? t('events.saveChanges') : t('events.addEvent')} />
      </form>
    </FormDialog>
  );
}
