import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/toast.ts';
import { useLogout } from './auth.api.ts';
import { errorText } from '../../lib/toast.ts';

/** Logout with the toasts of spec §8, then home. */
export function useLogoutAction() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  return {
    pending: logout.isPending,
    // A promise, not mutate()'s callbacks: those are dropped once the signed-in links unmount,
    // which happens as soon as the session is cleared.
    run: () =>
      void logout.mutateAsync().then(
        () => {
          notify('success', t('auth.toast.loggedOut'), t('auth.toast.seeYou'));
          void navigate('/');
        },
        (error: unknown) => notify('error', t('auth.toast.signOutFailed'), errorText(t, error)),
      ),
  };
}
