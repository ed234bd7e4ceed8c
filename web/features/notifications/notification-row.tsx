import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { Notification } from '../../../common/notifications.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { useNotificationText } from './notification-text.ts';
import { useRelativeTime } from '../../lib/localized.ts';

const ICONS: Record<Notification['type'], string> = {
  join_request: '🙋',
  join_answer: '✉️',
  team_added: '👥',
  team_invite: '📨',
  team_leader: '⭐',
  comment: '💬',
  like: '❤️',
  approval: '✅',
  follower: '➕',
  event_changed: '📅',
  waitlist_promoted: '🎟️',
  session_tag: '🛹',
};

/** One notification as the bell and the page show it: who, what, when, and a dot while unread. */
export function NotificationRow({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const text = useNotificationText();
  const when = useRelativeTime();
  return (
    <span className="flex w-full items-start gap-3 text-start">
      {notification.actor ? (
        <Avatar person={notification.actor} />
      ) : (
        <span aria-hidden="true" className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-slate-100">
          {ICONS[notification.type]}
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className={`block text-sm ${notification.read ? 'text-slate-700' : 'font-semibold text-slate-900'}`}>{text(notification)}</span>
        <time dateTime={notification.createdAt} className="block text-xs text-slate-500">
          {when(notification.createdAt)}
        </time>
      </span>
      {!notification.read && (
        <span className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-brand-600" data-testid="notification-unread">
          <span className="sr-only">{t('notifications.unreadMark')}</span>
        </span>
      )}
    </span>
  );
}
