import { useTranslation } from '../../lib/i18n-binding.tsx';
import { NavLink } from 'react-router';
import { useMe } from '../../lib/session.ts';
import { useUnreadMessages } from './messages.api.ts';

/** 'Messages' in the header, with the number of unread messages; its name says the count too. */
export function MessagesLink({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { user } = useMe();
  const { data: count = 0 } = useUnreadMessages(Boolean(user));
  if (!user) return null;
  return (
    <NavLink
      to="/messages"
      onClick={onNavigate}
      aria-label={count > 0 ? t('messages.navUnread', { count }) : undefined}
      className="relative inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
    >
      {t('messages.nav')}
      {count > 0 && (
        <span
          data-testid="messages-unread"
          aria-hidden="true"
          className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </NavLink>
  );
}
