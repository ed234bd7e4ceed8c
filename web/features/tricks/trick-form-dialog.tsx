import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { Trick } from '../../../common/tricks.ts';
import { FormActions, FormDialog } from '../../components/ui/form-dialog.tsx';
import { showServerFieldErrors } from '../../lib/form.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { trickForm, TrickFormFields } from './trick-form-fields.tsx';
import { useCreateTrick, useUpdateTrick } from './tricks.api.ts';

/**
 * 'Add Trick' (or, with `trick`, its edit) in a dialog. The form stays open with what was typed
 * when saving fails.
 */
export function TrickFormDialog({
  open,
  onOpenChange,
  disciplineId,
  trick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  disciplineId: string;
  trick?: Trick;
}) {
  const { t } = useTranslation();
  const create = useCreateTrick(disciplineId);
  const update = useUpdateTrick(trick?.id ?? '');
  const pending = create.isPending || update.isPending;
  const form = useForm({ resolver: trickForm.resolver, defaultValues: trick ? trickForm.valuesOf(trick) : trickForm.empty });

  // Opening the editor again starts from the stored trick, not from an abandoned draft.
  useEffect(() => {
    if (open && trick) form.reset(trickForm.valuesOf(trick));
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = form.handleSubmit(async (values) => {
    try {
      if (trick) {
        const saved = await update.mutateAsync(values);
        notify('success', t('tricks.toast.updated'), saved.pendingRevision ? t('content.revision.toast') : undefined);
      } else {
        const created = await create.mutateAsync(values);
        notify('success', t('tricks.toast.added'), created.status === 'pending' ? t('content.awaitingApproval') : undefined);
        form.reset(trickForm.empty);
      }
      onOpenChange(false);
    } catch (error) {
      notify('error', t(trick ? 'tricks.toast.updateError' : 'tricks.toast.addError'), errorText(t, error));
      showServerFieldErrors(error, trickForm.serverFields, form.setError);
    }
  });

  const title = trick ? t('tricks.editTrick') : t('tricks.addTrick');
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} busy={pending} title={title} description={t('tricks.form.subtitle')} testId="trick-form-dialog" wide>
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        <TrickFormFields form={form} />
        <FormActions busy={pending} onCancel={() => onOpenChange(false)} submitLabel={trick ? t('common.save') : t('tricks.addTrick')} submitTestId="trick-submit" />
      </form>
    </FormDialog>
  );
}
