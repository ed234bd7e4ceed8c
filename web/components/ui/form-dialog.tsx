import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

/**
 * The frame of a form in a dialog: title, description, close button, and the form as children.
 * A click beside it never throws away a half-filled form (Escape and Cancel close it), focus starts
 * in the first field, and it cannot close while `busy`.
 */
export function FormDialog({
  open,
  onOpenChange,
  busy,
  title,
  description,
  testId,
  wide = false,
  aboveMap = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  title: string;
  description: string;
  testId: string;
  wide?: boolean;
  /** Leaflet stacks its panes and controls up to z-index 1000. */
  aboveMap?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className={`fixed inset-0 bg-slate-900/50 ${aboveMap ? 'z-[1100]' : 'z-40'}`} />
        <Dialog.Content
          onInteractOutside={(event) => event.preventDefault()}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement).querySelector<HTMLInputElement>('input')?.focus();
          }}
          className={`fixed inset-x-2 top-1/2 mx-auto max-h-[92vh] -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:inset-x-4 sm:p-8 ${wide ? 'max-w-2xl' : 'max-w-xl'} ${aboveMap ? 'z-[1101]' : 'z-50'}`}
          data-testid={testId}
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-2xl font-bold text-slate-900">{title}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
            </div>
            <Dialog.Close className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg hover:bg-slate-100" aria-label={t('common.close')}>
              <span aria-hidden="true" className="text-xl">
                ✕
              </span>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Cancel and the submit button (with a spinner while `busy`) at the foot of a dialog form. */
export function FormActions({
  busy,
  onCancel,
  submitLabel,
  submitTestId,
}: {
  busy: boolean;
  onCancel: () => void;
  submitLabel: string;
  submitTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap justify-end gap-2 pt-2">
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" disabled={busy} data-testid={submitTestId}>
        {busy && <Spinner className="h-4 w-4" />}
        {submitLabel}
      </Button>
    </div>
  );
}
