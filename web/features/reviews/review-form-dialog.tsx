import { sectionFormDialog } from '../../components/content/section-form-dialog.tsx';
import { reviewForm } from './review-form-fields.tsx';
import { useCreateReview, useUpdateReview } from './reviews.api.ts';

/** 'Write Review' (or editing `item`) in a dialog. */
export const ReviewFormDialog = sectionFormDialog({
  form: reviewForm,
  useCreate: useCreateReview,
  useUpdate: useUpdateReview,
  text: {
    add: 'reviews.writeReview',
    edit: 'reviews.editReview',
    subtitle: 'reviews.form.subtitle',
    save: 'common.save',
    added: 'reviews.toast.added',
    updated: 'reviews.toast.updated',
    addError: 'reviews.toast.addError',
    updateError: 'reviews.toast.updateError',
  },
  // An untouched month keeps the stored day (server/lib/content-forms.ts).
  plainFields: (values) => ({ releaseDateWas: values.releaseDate ?? '' }),
  testId: 'review-form-dialog',
  submitTestId: 'review-submit',
});
