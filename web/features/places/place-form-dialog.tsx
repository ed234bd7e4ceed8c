import { sectionFormDialog } from '../../components/content/section-form-dialog.tsx';
import { placeForm } from './place-form-fields.tsx';
import { useCreatePlace, useUpdatePlace } from './places.api.ts';

/** 'Add Place' (or editing `item`) in a dialog, above the places' map. */
export const PlaceFormDialog = sectionFormDialog({
  form: placeForm,
  useCreate: useCreatePlace,
  useUpdate: useUpdatePlace,
  text: {
    add: 'places.addPlace',
    edit: 'places.editPlace',
    subtitle: 'places.form.subtitle',
    editSubtitle: 'places.form.editSubtitle',
    save: 'places.saveChanges',
    added: 'places.toast.added',
    updated: 'places.toast.saved',
    addError: 'places.toast.addError',
    updateError: 'places.toast.saveError',
    awaitingApproval: 'places.toast.awaitingApproval',
  },
  testId: 'place-form-dialog',
  aboveMap: true,
});
