import { useTranslation } from './lib/i18n-binding.tsx';
import { NavLink } from 'react-router';
import type { SessionUser } from '../common/schemas.ts';
import { useLogoutAction } from './features/auth/use-logout-action.ts';
import { MessagesLink } from './features/messages/messages-link.tsx';
import { NotificationBell } from './features/notifications/notification-bell.tsx';
import { ActionForm } from './components/ui/action-form.tsx';
import { Button } from './components/ui/button.tsx';
import { navLinkClass } from './components/shell/nav-classes.ts';
import { logOutAction } from '../common/auth-basics.ts';

export default function SignedInLinks({ onNavigate, stacked, user }: { onNavigate?: () => void; stacked: boolean; user: SessionUser }) {
  const { t } = useTranslation();
  const logout = useLogoutAction();
  return (
    <div className={stacked ? 'flex flex-col gap-2' : 'flex items-center gap-1'}>
      <MessagesLink onNavigate={onNavigate} />
      {!stacked && <NotificationBell />}
      <NavLink to="/profile" className={navLinkClass} onClick={onNavigate}>
        {t('nav.profile')}
      </NavLink>
      {user.role === 'admin' && (
        <NavLink to="/admin" className={navLinkClass} onClick={onNavigate}>
          {t('nav.adminPanel')}
        </NavLink>
      )}
      <ActionForm
        action={logOutAction}
        onSubmit={() => {
          onNavigate?.();
          logout.run();
        }}
      >
        <Button type="submit" variant="outline" disabled={logout.pending} className={stacked ? 'w-full' : undefined}>
          {t('nav.logout')}
        </Button>
      </ActionForm>
    </div>
  );
}
