import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate } from 'react-router';
import { notificationPath, type Notification } from '../../../common/notifications.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText, notify } from '../../lib/toast.ts';
import { useMe } from '../../lib/session.ts';
import { NotificationRow } from './notification-row.tsx';
import { useLatestNotifications, useMarkAllRead, useMarkRead } from './notifications.api.ts';

function BellIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** Marks a notification read and opens what it is about. */
export function useOpenNotification() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const markRead = useMarkRead();
  return (n: Notification) => {
    if (!n.read) markRead.mutate(n.id, { onError: (error) => notify('error', t('notifications.title'), errorText(t, error)) });
    const path = notificationPath(n);
    if (path) void navigate(path);
  };
}

/**
 * The header's bell: the unread count (kept live by the live client invalidating ['notifications'])
 * and the latest notifications. `variant` tells the small-screen copy apart in tests.
 */
export function NotificationBell({ variant = 'desktop' }: { variant?: 'desktop' | 'mobile' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useMe();
  const latest = useLatestNotifications(Boolean(user));
  const markAll = useMarkAllRead();
  const open = useOpenNotification();
  if (!user) return null;
  const count = latest.data?.unreadCount ?? 0;
  const items = latest.data?.items ?? [];
  const suffix = variant === 'mobile' ? '-mobile' : '';
  const label = count > 0 ? `${t('notifications.title')}, ${t('notifications.unread', { count })}` : t('notifications.title');
  const itemClass = 'block cursor-pointer rounded-md px-3 py-2 outline-none data-[highlighted]:bg-slate-100';
  // Before the scripts run, or without them, the bell is the button of a GET form that opens the
  // notifications page (where each is marked read with a form); once the app runs, it opens the menu.
  return (
    <form method="get" action="/notifications" className="contents">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <button
            type="submit"
            aria-label={label}
            data-testid={`notification-bell${suffix}`}
            className="relative inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            onClick={(event) => event.preventDefault()}
          >
            <BellIcon />
            {count > 0 && (
              <span
                aria-hidden="true"
                data-testid={`notification-count${suffix}`}
                className="absolute -end-0.5 -top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
              >
                {count > 99 ? '99+' : count}
              </span>
            )}
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            data-testid="notification-menu"
            className="z-50 w-[22rem] max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            <div className="flex items-center justify-between gap-2 px-3 py-2">
              <DropdownMenu.Label className="text-sm font-bold text-slate-900">{t('notifications.title')}</DropdownMenu.Label>
              {count > 0 && (
                <DropdownMenu.Item
                  className="cursor-pointer rounded-md px-2 py-1 text-xs font-semibold text-brand-700 outline-none data-[highlighted]:bg-slate-100"
                  onSelect={(event) => {
                    event.preventDefault();
                    markAll.mutate(undefined, { onError: (error) => notify('error', t('notifications.title'), errorText(t, error)) });
                  }}
                >
                  {t('notifications.markAllRead')}
                </DropdownMenu.Item>
              )}
            </div>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            {latest.isLoading ? (
              <div className="flex justify-center p-4">
                <Spinner className="h-5 w-5 border-2" />
              </div>
            ) : latest.isError ? (
              <p className="px-3 py-4 text-sm text-slate-600">{t('notifications.loadFailed')}</p>
            ) : items.length === 0 ? (
              <p className="px-3 py-4 text-sm text-slate-600">{t('notifications.empty')}</p>
            ) : (
              <div className="max-h-[60vh] overflow-y-auto">
                {items.map((n) => (
                  <DropdownMenu.Item key={n.id} className={itemClass} data-testid="notification-item" onSelect={() => open(n)}>
                    <NotificationRow notification={n} />
                  </DropdownMenu.Item>
                ))}
              </div>
            )}
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item className={`${itemClass} text-center text-sm font-semibold text-brand-700`} onSelect={() => void navigate('/notifications')}>
              {t('notifications.seeAll')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </form>
  );
}
