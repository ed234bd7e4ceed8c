import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Button } from './button.tsx';
import type { ConfirmDialogProps } from './confirm-dialog.tsx';
import { Spinner } from './spinner.tsx';

/** The open dialog of ConfirmDialog (./confirm-dialog.tsx), which loads it the first time one opens. */
export function ConfirmDialogPanel({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending = false,
  destructive = true,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            cancel.current?.focus();
          }}
          className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600">{description}</Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button ref={cancel} variant="outline" disabled={pending}>
                {t('common.cancel')}
              </Button>
            </Dialog.Close>
            <Button variant={destructive ? 'destructive' : 'default'} disabled={pending} onClick={onConfirm}>
              {pending && <Spinner className="h-4 w-4" />}
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
