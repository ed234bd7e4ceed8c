import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { errorText, notify } from '../../lib/toast.ts';

/**
 * Edit and Delete for an item's author or an admin: Delete asks first ('Are you absolutely sure?'
 * style), toasts 'Item deleted successfully!' and then calls `onDeleted` (e.g. back to the list).
 */
export function OwnerActions({ name, onEdit, remove, onDeleted }: { name: string; onEdit: () => void; remove: { mutateAsync: () => Promise<unknown>; isPending: boolean }; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const confirm = async () => {
    try {
      await remove.mutateAsync();
      setConfirming(false);
      notify('success', t('content.deleted'));
      onDeleted();
    } catch (error) {
      notify('error', t('content.deleteError'), errorText(t, error));
    }
  };
  return (
    <div className="flex gap-2">
      <Button variant="outline" size="sm" onClick={onEdit}>
        {t('content.edit')}
      </Button>
      <Button variant="destructive" size="sm" onClick={() => setConfirming(true)}>
        {t('content.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('content.deleteTitle')}
        description={t('content.deleteText', { name })}
        confirmLabel={t('content.delete')}
        onConfirm={() => void confirm()}
        pending={remove.isPending}
      />
    </div>
  );
}
