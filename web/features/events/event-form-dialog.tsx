import { sectionFormDialog } from '../../components/content/section-form-dialog.tsx';
import { eventForm } from './event-form-fields.tsx';
import { useCreateEvent, useUpdateEvent } from './events.api.ts';
import { placeClosedWarning } from './event-place-warning.tsx';

/** 'Add Event' (or editing `item`) in a dialog. */
export const EventFormDialog = sectionFormDialog({
  form: eventForm,
  useCreate: useCreateEvent,
  useUpdate: useUpdateEvent,
  text: {
    add: 'events.addEvent',
    edit: 'events.editEvent',
    subtitle: 'events.form.subtitle',
    editSubtitle: 'events.form.editSubtitle',
    save: 'events.saveChanges',
    added: 'events.toast.added',
    updated: 'events.toast.saved',
    addError: 'events.toast.addError',
    updateError: 'events.toast.saveError',
  },
  testId: 'event-form-dialog',
  warning: placeClosedWarning,
  // The plain form's times are read on the clock they were drawn in; an untouched time is not sent.
  plainFields: (values) => ({ startDateWas: values.startDate, endDateWas: values.endDate, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
});
