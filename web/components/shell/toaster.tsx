import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Toaster } from 'sonner';
import { TOAST_DURATION } from '../../lib/toast.ts';

// Toasts show below the sticky header (h-16), never over its menus: one covering the language
// button would also stay as long as the pointer rests on it, trying to reach the button.
const BELOW_HEADER = { top: 72 };

export default function AppToaster() {
  const { i18n } = useTranslation();
  return (
    <Toaster
      visibleToasts={1}
      duration={TOAST_DURATION}
      position="top-center"
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER}
      richColors
      closeButton
      dir={i18n.dir()}
    />
  );
}
