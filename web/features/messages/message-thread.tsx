import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Link } from '../../components/ui/link.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useMessageTime } from './message-time.ts';
import { MessageComposer } from './message-composer.tsx';
import { useConversation, useMarkRead, useMessages } from './messages.api.ts';

/** One conversation: header, history (older pages on demand) and the composer, or a notice when blocked. */
export function MessageThread({ conversationId, meId }: { conversationId: string; meId: string }) {
  const { t } = useTranslation();
  const time = useMessageTime();
  const conversation = useConversation(conversationId);
  const history = useMessages(conversationId);
  const markRead = useMarkRead(conversationId);
  const scroller = useRef<HTMLDivElement>(null);
  const marked = useRef(0);

  const messages = useMemo(() => (history.data ? [...history.data.pages].reverse().flatMap((p) => p.items) : []), [history.data]);
  const newest = messages.at(-1);

  // Stay at the bottom when a new message arrives (not when older ones are loaded above).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newest?.id]);

  // Viewing the thread reads it: mark the newest message while the page is visible.
  useEffect(() => {
    marked.current = 0;
  }, [conversationId]);
  const { mutate } = markRead;
  useEffect(() => {
    const mark = () => {
      // One's own message already moved the own read mark on the server.
      if (!newest || newest.senderId === meId || newest.id <= marked.current || document.visibilityState !== 'visible') return;
      marked.current = newest.id;
      mutate(newest.id);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [newest, meId, mutate]);

  if (conversation.isLoading) {
    return (
      <div className="flex flex-1 items-center justify-center">
        <Spinner />
      </div>
    );
  }
  if (!conversation.data) {
    const missing = conversation.error instanceof ApiError && conversation.error.status === 404;
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center">
        <span className="text-4xl" aria-hidden="true">
          🧭
        </span>
        <p className="font-semibold">{missing ? t('messages.notFound') : t('errors.INTERNAL_ERROR')}</p>
        <Link to="/messages" className="text-brand-700 hover:underline">
          {t('messages.backToList')}
        </Link>
      </div>
    );
  }
  const { other, blocked } = conversation.data;

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-labelledby={`thread-${conversationId}`}>
      <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3">
        <Link to="/messages" className="rounded-lg px-2 py-1 text-slate-600 hover:bg-slate-100 md:hidden" aria-label={t('messages.backToList')}>
          <span aria-hidden="true" className="inline-block rtl:rotate-180">
            ←
          </span>
        </Link>
        <Avatar person={other} />
        <h2 id={`thread-${conversationId}`} className="min-w-0 flex-1 truncate font-semibold">
          <Link dir="auto" to={`/profile/${other.id}`} className="hover:underline">
            {other.name}
          </Link>
        </h2>
      </header>
      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-4 py-4"
        data-testid="message-thread"
        aria-live="polite"
        aria-relevant="additions"
      >
        {history.hasNextPage && (
          <div className="mb-4 flex justify-center">
            <Button variant="outline" size="sm" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
              {history.isFetchingNextPage && <Spinner className="h-4 w-4" />}
              {t('messages.loadOlder')}
            </Button>
          </div>
        )}
        {history.isLoading ? (
          <div className="flex justify-center p-8">
            <Spinner />
          </div>
        ) : messages.length === 0 ? (
          <p className="py-12 text-center text-slate-600">{t('messages.threadEmpty', { name: other.name })}</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {messages.map((m) => {
              const own = m.senderId === meId;
              return (
                <li key={m.id} className={`flex max-w-[85%] flex-col sm:max-w-[70%] ${own ? 'items-end self-end' : 'items-start self-start'}`}>
                  <span className="sr-only">{own ? t('messages.you') : other.name}</span>
                  <div
                    data-testid="message-bubble"
                    data-own={own}
                    dir="auto"
                    className={`rounded-2xl px-4 py-2 text-sm break-words whitespace-pre-wrap shadow-sm ${own ? 'rounded-ee-sm bg-brand-600 text-white' : 'rounded-es-sm bg-white text-slate-900'}`}
                  >
                    {m.body}
                  </div>
                  <time dateTime={m.createdAt} title={time.full(m.createdAt)} className="mt-0.5 px-1 text-xs text-slate-500">
                    {time.short(m.createdAt)}
                  </time>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      {blocked ? (
        <p className="border-t border-slate-200 bg-white p-4 text-center text-sm text-slate-600" role="note" data-testid="message-blocked">
          {t('messages.blockedNotice')}
        </p>
      ) : (
        <MessageComposer conversationId={conversationId} />
      )}
    </section>
  );
}
