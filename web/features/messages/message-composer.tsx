import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { MESSAGE_COUNTER_FROM, MESSAGE_MAX, messageBodySchema } from '../../../common/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { errorText, notify } from '../../lib/toast.ts';
import { useSendMessage } from './messages.api.ts';

/** Enter sends, Shift+Enter starts a new line; a failed send keeps the text for another try. */
export function MessageComposer({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const send = useSendMessage(conversationId);
  const parsed = messageBodySchema.safeParse(text);
  const left = MESSAGE_MAX - text.length;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!parsed.success || send.isPending) return;
    send.mutate(parsed.data, {
      onSuccess: () => setText(''),
      onError: (error) => notify('error', t('messages.sendFailed'), errorText(t, error)),
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className="border-t border-slate-200 bg-white p-3" data-testid="message-composer">
      <label htmlFor={id} className="sr-only">
        {t('messages.composerLabel')}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          maxLength={MESSAGE_MAX}
          rows={2}
          dir="auto"
          placeholder={t('messages.composerLabel')}
          aria-describedby={`${id}-hint`}
          className="max-h-40 min-h-11 flex-1 resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        <Button type="submit" busy={send.isPending} disabled={!parsed.success}>
          {t('messages.send')}
        </Button>
      </div>
      <p id={`${id}-hint`} className="mt-1 flex justify-between gap-2 text-xs text-slate-500">
        <span>{t('messages.composerHint')}</span>
        {text.length >= MESSAGE_COUNTER_FROM && (
          <span aria-live="polite" className={left <= 0 ? 'font-semibold text-red-700' : ''} data-testid="message-counter">
            {t('messages.charactersLeft', { count: left })}
          </span>
        )}
      </p>
    </form>
  );
}
