import { useTranslation } from 'react-i18next';
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
    run: () =>
      logout.mutate(undefined, {
        onSuccess: () => {
          notify('success', t('auth.toast.loggedOut'), t('auth.toast.seeYou'));
          void navigate('/');
        },
        onError: (error) => notify('error', t('auth.toast.signOutFailed'), errorText(t, error)),
      }),
  };
}
