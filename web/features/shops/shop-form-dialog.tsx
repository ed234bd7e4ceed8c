import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { Shop } from '../../../common/shops.ts';
import { FormActions, FormDialog } from '../../components/ui/form-dialog.tsx';
import { showServerFieldErrors } from '../../lib/form.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { shopForm, ShopFormFields } from './shop-form-fields.tsx';
import { useCreateShop, useUpdateShop } from './shops.api.ts';

/** 'Add Shop' (or editing `shop`) in a dialog. The form stays open with what was typed when saving fails. */
export function ShopFormDialog({
  open,
  onOpenChange,
  disciplineId,
  shop,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  disciplineId: string;
  shop?: Shop;
}) {
  const { t } = useTranslation();
  const create = useCreateShop(disciplineId);
  const update = useUpdateShop(shop?.id ?? '');
  const pending = create.isPending || update.isPending;
  const form = useForm({ resolver: shopForm.resolver, defaultValues: shop ? shopForm.valuesOf(shop) : shopForm.empty });

  // Editing starts from the shop as it is now, each time the dialog opens.
  useEffect(() => {
    if (open && shop) form.reset(shopForm.valuesOf(shop));
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = form.handleSubmit(async (values) => {
    try {
      if (shop) {
        const saved = await update.mutateAsync(values);
        notify('success', t('shops.toast.updated'), saved.pendingRevision ? t('content.revision.toast') : undefined);
      } else {
        const created = await create.mutateAsync(values);
        notify('success', t('shops.toast.added'), created.status === 'pending' ? t('content.awaitingApproval') : undefined);
        form.reset(shopForm.empty);
      }
      onOpenChange(false);
    } catch (error) {
      notify('error', t(shop ? 'shops.toast.updateError' : 'shops.toast.addError'), errorText(t, error));
      showServerFieldErrors(error, shopForm.serverFields, form.setError);
    }
  });

  const title = shop ? t('shops.editShop') : t('shops.addShop');
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} busy={pending} title={title} description={t('shops.form.subtitle')} testId="shop-form-dialog" wide>
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        <ShopFormFields form={form} />
        <FormActions busy={pending} onCancel={() => onOpenChange(false)} submitLabel={shop ? t('shops.saveChanges') : t('shops.addShop')} submitTestId="shop-form-submit" />
      </form>
    </FormDialog>
  );
}
