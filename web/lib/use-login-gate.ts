import { useTranslation } from './i18n-binding.tsx';
import { useNavigate } from 'react-router';
import { useMe } from './session.ts';
import { notify } from './toast.ts';

/**
 * Runs an action for a signed-in person; a visitor gets 'Login Required' with `reason` and is sent
 * to /login. Nothing happens while the session is still loading.
 */
export function useLoginGate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, isLoading } = useMe();
  return (reason: string, action: () => void) => {
    if (isLoading) return;
    if (!user) {
      notify('error', t('content.loginRequired'), reason);
      void navigate('/login');
      return;
    }
    action();
  };
}
