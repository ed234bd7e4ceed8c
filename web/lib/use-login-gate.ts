import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from './i18n-binding.tsx';
import { useNavigate } from 'react-router';
import { authKeys } from './session.ts';
import type { SessionUser } from '../../common/schemas.ts';
import { notify } from './toast.ts';

/**
 * Runs an action for a signed-in person; a visitor gets 'Login Required' with `reason` and is sent
 * to /login. Nothing happens while the session is still loading. Who is signed in is looked up at
 * the click, not watched while drawing: every card's like and RSVP button has a gate, and a
 * subscription each was a tenth of the server's render of a list.
 */
export function useLoginGate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  return (reason: string, action: () => void) => {
    const me = client.getQueryState<{ user: SessionUser | null }>(authKeys.me);
    if (me?.status === 'pending' && me.fetchStatus === 'fetching') return;
    if (!me?.data?.user) {
      notify('error', t('content.loginRequired'), reason);
      void navigate('/login');
      return;
    }
    action();
  };
}
