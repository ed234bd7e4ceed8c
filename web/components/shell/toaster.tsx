import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { TOAST_DURATION } from '../../lib/toast.ts';

export default function AppToaster() {
  const { i18n } = useTranslation();
  return <Toaster visibleToasts={1} duration={TOAST_DURATION} position="top-center" richColors closeButton dir={i18n.dir()} />;
}
