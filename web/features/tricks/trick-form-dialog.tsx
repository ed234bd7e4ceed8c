import { sectionFormDialog } from '../../components/content/section-form-dialog.tsx';
import { trickForm } from './trick-form-fields.tsx';
import { useCreateTrick, useUpdateTrick } from './tricks.api.ts';

/** 'Add Trick' (or editing `item`) in a dialog. */
export const TrickFormDialog = sectionFormDialog({
  form: trickForm,
  useCreate: useCreateTrick,
  useUpdate: useUpdateTrick,
  text: {
    add: 'tricks.addTrick',
    edit: 'tricks.editTrick',
    subtitle: 'tricks.form.subtitle',
    save: 'common.save',
    added: 'tricks.toast.added',
    updated: 'tricks.toast.updated',
    addError: 'tricks.toast.addError',
    updateError: 'tricks.toast.updateError',
  },
  testId: 'trick-form-dialog',
  submitTestId: 'trick-submit',
});
