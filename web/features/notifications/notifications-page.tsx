import { useTranslation } from '../../lib/i18n-binding.tsx';
import { notificationPath } from '../../../common/notifications.ts';
import { markAllNotificationsReadAction, markNotificationReadAction } from '../../../common/notifications-basics.ts';
import { ActionForm, actionPath } from '../../components/ui/action-form.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { FormTarget } from '../../components/ui/form-target.tsx';
import { PageSpinner, Spinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useMe } from '../../lib/session.ts';
import { useOpenNotification } from './notification-bell.tsx';
import { NotificationRow } from './notification-row.tsx';
import { InvitationAnswer } from '../teams/index.ts';
import { SessionTagAnswer } from '../sessions/index.ts';
import { useMarkAllRead, useNotificationList } from './notifications.api.ts';

function NotificationList() {
  const { t } = useTranslation();
  const list = useNotificationList();
  const markAll = useMarkAllRead();
  const open = useOpenNotification();
  const pages = list.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const unread = pages[0]?.unreadCount ?? 0;
  if (list.isLoading) return <PageSpinner />;
  if (list.isError) return <p className="mt-8 text-slate-600">{t('notifications.loadFailed')}</p>;
  return (
    <>
      <div className="mt-6 flex min-h-10 items-center justify-between gap-4">
        <p className="text-sm text-slate-600" aria-live="polite">
          {unread > 0 && t('notifications.unread', { count: unread })}
        </p>
        {unread > 0 && (
          <ActionForm
            action={markAllNotificationsReadAction}
            onSubmit={() => markAll.mutate(undefined, { onError: (error) => notify('error', t('notifications.title'), errorText(t, error)) })}
          >
            <Button type="submit" variant="outline" size="sm" disabled={markAll.isPending}>
              {t('notifications.markAllRead')}
            </Button>
          </ActionForm>
        )}
      </div>
      {items.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-10 text-center" data-testid="notifications-empty">
          <p className="font-semibold text-slate-900">{t('notifications.empty')}</p>
          <p className="mt-2 text-sm text-slate-600">{t('notifications.emptyHint')}</p>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="notification-list">
          {items.map((n) => (
            <li key={n.id}>
              {/* Opening one marks it read, then shows what it is about: as a plain form, the server goes there after. */}
              <form
                method="post"
                action={actionPath(markNotificationReadAction)}
                onSubmit={(event) => {
                  event.preventDefault();
                  open(n);
                }}
              >
                <FormTarget back={notificationPath(n) ?? undefined} fields={{ id: String(n.id) }} />
                <button type="submit" className={`w-full px-4 py-3 hover:bg-slate-50 ${n.read ? '' : 'bg-brand-50/40'}`} data-testid="notification-item">
                  <NotificationRow notification={n} />
                </button>
              </form>
              {n.type === 'team_invite' && n.subjectId && (
                <div className="px-4 pb-3 ps-[4.25rem]">
                  <InvitationAnswer teamId={n.subjectId} teamName={String(n.data.teamName ?? '')} />
                </div>
              )}
              {n.type === 'session_tag' && n.subjectId && (
                <div className="px-4 pb-3 ps-[4.25rem]">
                  <SessionTagAnswer
                    sessionId={n.subjectId}
                    answered={n.data.answer === 'accepted' || n.data.answer === 'declined' ? n.data.answer : undefined}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <div className="mt-8 flex justify-center">
          <Button variant="outline" size="lg" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage && <Spinner className="h-4 w-4 border-2" />}
            {t('notifications.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}

export default function NotificationsPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useMe();
  usePageMeta(t('notifications.title'));
  if (isLoading) return <PageSpinner />;
  if (!user) {
    return (
      <StateMessage icon="🔒" title={t('notifications.loginToView')}>
        <ButtonLink to="/login">{t('nav.login')}</ButtonLink>
      </StateMessage>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t('notifications.title')}</h1>
      <p className="mt-2 text-slate-600">{t('notifications.intro')}</p>
      <NotificationList />
    </div>
  );
}
