import { sectionFormDialog } from '../../components/content/section-form-dialog.tsx';
import { shopForm } from './shop-form-fields.tsx';
import { useCreateShop, useUpdateShop } from './shops.api.ts';

/** 'Add Shop' (or editing `item`) in a dialog. */
export const ShopFormDialog = sectionFormDialog({
  form: shopForm,
  useCreate: useCreateShop,
  useUpdate: useUpdateShop,
  text: {
    add: 'shops.addShop',
    edit: 'shops.editShop',
    subtitle: 'shops.form.subtitle',
    save: 'shops.saveChanges',
    added: 'shops.toast.added',
    updated: 'shops.toast.updated',
    addError: 'shops.toast.addError',
    updateError: 'shops.toast.updateError',
  },
  testId: 'shop-form-dialog',
  submitTestId: 'shop-form-submit',
});
