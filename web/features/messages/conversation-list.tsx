import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Link } from '../../components/ui/link.tsx';
import type { ConversationSummary } from '../../../common/messages.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useMessageTime } from './message-time.ts';

export function ConversationList({
  conversations,
  loading,
  activeId,
  meId,
}: {
  conversations: ConversationSummary[] | undefined;
  loading: boolean;
  activeId: string | undefined;
  meId: string;
}) {
  const { t } = useTranslation();
  const time = useMessageTime();
  if (loading) {
    return (
      <div className="flex justify-center p-8">
        <Spinner />
      </div>
    );
  }
  if (!conversations?.length) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-12 text-center" data-testid="conversation-list">
        <span className="text-4xl" aria-hidden="true">
          💬
        </span>
        <h2 className="font-semibold text-slate-900">{t('messages.emptyTitle')}</h2>
        <p className="text-sm text-slate-600">{t('messages.emptyText')}</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-100" data-testid="conversation-list">
      {conversations.map((c) => {
        const active = c.id === activeId;
        const preview = c.lastMessage
          ? c.lastMessage.senderId === meId
            ? t('messages.youPrefix', { body: c.lastMessage.body })
            : c.lastMessage.body
          : t('messages.noMessagesYet');
        return (
          <li key={c.id}>
            <Link
              to={`/messages/${c.id}`}
              aria-current={active ? 'page' : undefined}
              data-testid="conversation-item"
              className={`flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${active ? 'bg-brand-50' : ''}`}
            >
              <Avatar person={c.other} />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={`truncate ${c.unreadCount > 0 ? 'font-bold' : 'font-semibold'} text-slate-900`}>{c.other.name}</span>
                  {c.lastMessage && (
                    <time dateTime={c.lastMessage.createdAt} title={time.full(c.lastMessage.createdAt)} className="shrink-0 text-xs text-slate-500">
                      {time.short(c.lastMessage.createdAt)}
                    </time>
                  )}
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span dir="auto" className={`truncate text-sm ${c.unreadCount > 0 ? 'font-medium text-slate-900' : 'text-slate-600'}`}>
                    {preview}
                  </span>
                  {c.unreadCount > 0 && (
                    <span className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white">
                      <span aria-hidden="true">{c.unreadCount > 99 ? '99+' : c.unreadCount}</span>
                      <span className="sr-only">{t('messages.unread', { count: c.unreadCount })}</span>
                    </span>
                  )}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
