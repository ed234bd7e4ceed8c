import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { Review } from '../../../common/reviews.ts';
import { FormActions, FormDialog } from '../../components/ui/form-dialog.tsx';
import { showServerFieldErrors } from '../../lib/form.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { reviewForm, ReviewFormFields } from './review-form-fields.tsx';
import { useCreateReview, useUpdateReview } from './reviews.api.ts';

/**
 * 'Write Review' (or editing `review`) in a dialog; the form stays open with what was typed when
 * saving fails.
 */
export function ReviewFormDialog({
  open,
  onOpenChange,
  disciplineId,
  review,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  disciplineId: string;
  review?: Review;
}) {
  const { t } = useTranslation();
  const create = useCreateReview(disciplineId);
  const update = useUpdateReview(review?.id ?? '');
  const pending = create.isPending || update.isPending;
  const form = useForm({ resolver: reviewForm.resolver, defaultValues: review ? reviewForm.valuesOf(review) : reviewForm.empty });

  // Opening the edit form shows the review as it is now.
  useEffect(() => {
    if (open && review) form.reset(reviewForm.valuesOf(review));
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = form.handleSubmit(async (values) => {
    const body = reviewForm.toBody(values, review);
    try {
      if (review) {
        const saved = await update.mutateAsync(body);
        notify('success', t('reviews.toast.updated'), saved.pendingRevision ? t('content.revision.toast') : undefined);
      } else {
        const created = await create.mutateAsync(body);
        notify('success', t('reviews.toast.added'), created.status === 'pending' ? t('content.awaitingApproval') : undefined);
        form.reset(reviewForm.empty);
      }
      onOpenChange(false);
    } catch (error) {
      notify('error', review ? t('reviews.toast.updateError') : t('reviews.toast.addError'), errorText(t, error));
      showServerFieldErrors(error, reviewForm.serverFields, form.setError);
    }
  });

  const title = review ? t('reviews.editReview') : t('reviews.writeReview');
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} busy={pending} title={title} description={t('reviews.form.subtitle')} testId="review-form-dialog" wide>
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        <ReviewFormFields form={form} />
        <FormActions busy={pending} onCancel={() => onOpenChange(false)} submitLabel={review ? t('common.save') : t('reviews.writeReview')} submitTestId="review-submit" />
      </form>
    </FormDialog>
  );
}
