import { Suspense, type ReactNode } from 'react';
import { lazyNamed } from '../../lib/lazy-named.ts';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  destructive?: boolean;
};

// Radix's dialog, with the focus trap and scroll lock it brings (some 13 KB compressed), comes the
// first time a dialog opens rather than with every page holding a Delete or a Leave button (issue 38).
const ConfirmDialogPanel = lazyNamed(() => import('./confirm-dialog-panel.tsx'), 'ConfirmDialogPanel');

/**
 * Asks before an action that cannot be undone; focus starts on Cancel. Closed, it draws nothing, on
 * the server as in the browser.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogPanel {...props} />
    </Suspense>
  );
}
