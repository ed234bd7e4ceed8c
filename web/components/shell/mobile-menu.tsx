import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { AccountLinks } from './account-links.tsx';
import { LanguageSelector } from './language-selector.tsx';
import { SmallScreenNav } from './small-screen-nav.tsx';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; trigger: RefObject<HTMLElement | null> };

/** The small-screen menu; its trigger lives in the header, so this loads on the first tap. */
export default function MobileMenu({ open, onOpenChange, trigger }: Props) {
  const { t } = useTranslation();
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          id="mobile-menu"
          className="fixed inset-y-0 end-0 z-50 flex w-80 max-w-[90vw] flex-col gap-6 overflow-y-auto bg-white p-6 shadow-xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{t('app.name')}</Dialog.Title>
            <Dialog.Close className="inline-flex h-10 w-10 items-center justify-center rounded-lg hover:bg-slate-100" aria-label={t('nav.closeMenu')}>
              <span aria-hidden="true" className="text-xl">
                ✕
              </span>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('nav.mainNavigation')}</Dialog.Description>
          <SmallScreenNav onNavigate={close} />
          <LanguageSelector />
          <AccountLinks onNavigate={close} stacked />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
