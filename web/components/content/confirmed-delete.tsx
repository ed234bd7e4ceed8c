import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { errorText, notify } from '../../lib/toast.ts';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';

/**
 * A delete button that asks first (its `title` and `text`), toasts 'Item deleted successfully!' or the
 * reason it failed, and then calls `onDeleted` (e.g. back to the list). `label` names the button and
 * the dialog's confirmation alike.
 */
export function ConfirmedDelete({
  id,
  remove,
  label,
  title,
  text,
  onDeleted,
  variant = 'destructive',
  testId,
}: {
  id: string;
  remove: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean };
  label: string;
  title: string;
  text: string;
  onDeleted: () => void;
  variant?: 'destructive' | 'outline';
  testId?: string;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const confirm = async () => {
    try {
      await remove.mutateAsync(id);
      setConfirming(false);
      notify('success', t('content.deleted'));
      onDeleted();
    } catch (error) {
      notify('error', t('content.deleteError'), errorText(t, error));
    }
  };
  return (
    <>
      <Button variant={variant} size="sm" onClick={() => setConfirming(true)} data-testid={testId}>
        {label}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={title}
        description={text}
        confirmLabel={label}
        onConfirm={() => void confirm()}
        pending={remove.isPending}
      />
    </>
  );
}
