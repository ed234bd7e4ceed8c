import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useMe } from '../../lib/session.ts';
import { ConversationList } from './conversation-list.tsx';
import { MessageThread } from './message-thread.tsx';
import { useConversations } from './messages.api.ts';

/** /messages and /messages/:conversationId: list and thread side by side on wide screens, one at a time on phones. */
export default function MessagesPage() {
  const { conversationId } = useParams();
  const { t } = useTranslation();
  const { user, isLoading } = useMe();
  const conversations = useConversations(Boolean(user));
  usePageMeta(t('messages.title'));

  if (isLoading) return <PageSpinner />;
  if (!user) {
    return (
      <StateMessage icon="🔒" title={t('messages.loginToView')}>
        <ButtonLink to="/login">{t('nav.login')}</ButtonLink>
      </StateMessage>
    );
  }

  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] max-w-6xl flex-col px-0 md:px-4 md:py-6">
      <h1 className={`px-4 py-3 text-2xl font-bold md:px-0 md:pt-0 ${conversationId ? 'sr-only md:not-sr-only' : ''}`}>{t('messages.title')}</h1>
      <div className="flex min-h-0 flex-1 overflow-hidden border-slate-200 bg-white md:rounded-2xl md:border md:shadow-sm">
        <nav
          aria-label={t('messages.listLabel')}
          className={`min-h-0 w-full overflow-y-auto border-slate-200 md:block md:w-80 md:shrink-0 md:border-e ${conversationId ? 'hidden' : 'block'}`}
        >
          <ConversationList conversations={conversations.data} loading={conversations.isLoading} activeId={conversationId} meId={user.id} />
        </nav>
        <div className={`min-h-0 flex-1 flex-col ${conversationId ? 'flex' : 'hidden md:flex'}`}>
          {conversationId ? (
            <MessageThread key={conversationId} conversationId={conversationId} meId={user.id} />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center text-slate-600">
              <span className="text-4xl" aria-hidden="true">
                ✉️
              </span>
              <p>{t('messages.selectConversation')}</p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
