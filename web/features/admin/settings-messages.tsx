import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { ContactMessage } from '../../../common/admin-settings.ts';
import { Button } from '../../components/ui/button.tsx';
import { EmptyList } from '../../components/ui/paged-list.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useFormatDate } from '../../lib/localized.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useContactMessages, useMarkMessage } from './admin-settings.api.ts';
import { LoadFailed, LoadMore } from './admin-table.tsx';

/** Settings › Messages: what the contact form received, newest first; unread ones stand out. */
export function SettingsMessages() {
  const { t } = useTranslation();
  const query = useContactMessages();
  const mark = useMarkMessage();

  useEffect(() => {
    if (query.isError) notify('error', t('admin.messages.fetchError'), errorText(t, query.error));
  }, [query.isError, query.error, t]);

  if (query.isLoading) return <Spinner label={t('common.loading')} />;
  if (!query.data) return <LoadFailed text={t('admin.messages.fetchError')} onRetry={() => void query.refetch()} />;

  const items = query.data.pages.flatMap((page) => page.items);
  const total = query.data.pages[0]?.total ?? 0;
  if (items.length === 0) return <EmptyList icon="✉️" title={t('admin.messages.empty')} text={t('admin.messages.emptyText')} testId="admin-messages-empty" />;

  const busyId = mark.isPending ? mark.variables?.id : undefined;
  const onMark = (message: ContactMessage, read: boolean) =>
    mark.mutate({ id: message.id, read }, { onError: (error) => notify('error', t('admin.messages.updateError'), errorText(t, error)) });

  return (
    <section aria-labelledby="admin-messages-title">
      <h2 id="admin-messages-title" className="text-lg font-semibold text-slate-900">
        {t('admin.messages.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600" aria-live="polite">
        {t('admin.messages.count', { count: total })}
      </p>
      <ul className="mt-4 space-y-3" data-testid="admin-messages-list">
        {items.map((message) => (
          <MessageCard key={message.id} message={message} busy={busyId === message.id} onMark={(read) => onMark(message, read)} />
        ))}
      </ul>
      <LoadMore list={query} label={t('admin.messages.loadMore')} className="mt-6" />
    </section>
  );
}

function MessageCard({ message, busy, onMark }: { message: ContactMessage; busy: boolean; onMark: (read: boolean) => void }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate({ dateStyle: 'medium', timeStyle: 'short' });
  const unread = message.readAt === null;
  return (
    <li
      className={`rounded-2xl border p-5 shadow-sm ${unread ? 'border-brand-300 bg-brand-50' : 'border-slate-200 bg-white'}`}
      data-testid="admin-message"
      data-unread={unread}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex items-center gap-2 font-semibold break-words text-slate-900">
            {unread && <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">{t('admin.messages.new')}</span>}
            {message.subject}
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            {message.name} ·{' '}
            <a href={`mailto:${message.email}`} className="text-brand-700 hover:underline">
              {message.email}
            </a>{' '}
            · <time dateTime={message.createdAt}>{formatDate(message.createdAt)}</time>
          </p>
        </div>
        <Button size="sm" variant={unread ? 'default' : 'outline'} disabled={busy} onClick={() => onMark(unread)}>
          {busy && <Spinner className="h-3 w-3 border-2" />}
          {t(unread ? 'admin.messages.markRead' : 'admin.messages.markUnread')}
        </Button>
      </div>
      <p className="mt-3 break-words whitespace-pre-line text-slate-800">{message.message}</p>
    </li>
  );
}
