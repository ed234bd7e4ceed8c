import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { FLUSH_OUTBOX } from '../../../common/offline.ts';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { flushOutbox, outbox, type QueuedAction } from '../../lib/outbox.ts';
import { useMe } from '../../lib/session.ts';
import { errorText, notify } from '../../lib/toast.ts';

const NOTHING: QueuedAction[] = [];

/**
 * What the signed-in person did offline and is still to be sent (web/lib/outbox.ts), listed at the
 * bottom of every page; sent when the connection returns, or as the app starts with one.
 */
export function OutboxStatus() {
  const { t } = useTranslation();
  const { user } = useMe();
  const client = useQueryClient();
  const all = useSyncExternalStore(outbox.subscribe, outbox.waiting, () => NOTHING);
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    // The connection's return and the worker's message come together: one sending, one message.
    let sending = false;
    const send = () => {
      if (sending) return;
      sending = true;
      void flushOutbox(client, userId)
        .then(({ sent, refused }) => {
          // One message at a time: a refusal says what and why; else what went.
          const first = refused[0];
          if (first) notify('error', t('outbox.refused', { label: first.action.label }), errorText(t, first.error));
          else if (sent.length) notify('success', t('outbox.sent'), sent.map((action) => action.label).join(' · '));
        })
        .finally(() => (sending = false));
    };
    void outbox.refresh().then(() => navigator.onLine && send());
    window.addEventListener('online', send);
    // The service worker's Background Sync, with this page open, asks the page to send them.
    const fromWorker = (event: MessageEvent) => (event.data as { type?: unknown } | null)?.type === FLUSH_OUTBOX && send();
    navigator.serviceWorker?.addEventListener('message', fromWorker);
    return () => {
      window.removeEventListener('online', send);
      navigator.serviceWorker?.removeEventListener('message', fromWorker);
    };
  }, [client, userId, t]);

  const mine = all.filter((action) => action.userId === userId);
  if (!userId || mine.length === 0) return null;
  return (
    <div
      role="status"
      className="fixed start-3 bottom-3 z-40 max-w-sm rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 shadow-lg"
      data-testid="outbox"
    >
      <p className="font-semibold">{t('outbox.waiting')}</p>
      <ul className="mt-1 list-disc space-y-0.5 ps-5">
        {mine.map((action) => (
          <li key={action.id} dir="auto">
            {action.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
