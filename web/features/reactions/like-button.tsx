import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { ContentType } from '../../../common/content-basics.ts';
import type { ReactionSummary } from '../../../common/content.ts';
import { ActionForm } from '../../components/ui/action-form.tsx';
import { formatCount } from '../../lib/intl.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useLoginGate } from '../../lib/use-login-gate.ts';
import { useSetLike } from './reactions.api.ts';

/**
 * ♥ with the like count; a click likes or unlikes at once and rolls back if the server refuses.
 * A form (the `like` / `unlike` actions) so it works before the scripts too, on pages and on cards.
 */
export function LikeButton({ type, id, reactions, name }: { type: ContentType; id: string; reactions: ReactionSummary; name: string }) {
  const { t, i18n } = useTranslation();
  const gate = useLoginGate();
  const mutation = useSetLike(type, id);
  const [state, setState] = useState({ liked: reactions.liked, likes: reactions.likes });
  useEffect(() => setState({ liked: reactions.liked, likes: reactions.likes }), [reactions.liked, reactions.likes]);

  const toggle = () =>
    gate(t('content.loginToLike'), () => {
      const before = state;
      const liked = !before.liked;
      setState({ liked, likes: before.likes + (liked ? 1 : -1) });
      mutation.mutate(liked, {
        onSuccess: (result) => setState(result),
        onError: (error) => {
          setState(before);
          notify('error', t('content.likeError'), errorText(t, error));
        },
      });
    });

  return (
    <ActionForm action={state.liked ? 'unlike' : 'like'} fields={{ type, id }} onSubmit={toggle} className="inline-flex">
      <button
        type="submit"
        disabled={mutation.isPending}
        aria-pressed={state.liked}
        className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-semibold transition-colors ${state.liked ? 'bg-rose-50 text-rose-700' : 'text-slate-600 hover:bg-slate-100'}`}
        data-testid="like-button"
      >
        <span aria-hidden="true">{state.liked ? '♥' : '♡'}</span>
        {/* Named by its text, so the visible count is part of the name (what voice control users say). */}
        <span className="sr-only">{t(state.liked ? 'content.unlikeNamed' : 'content.likeNamed', { name })} </span>
        <span data-testid="like-count">{formatCount(i18n.resolvedLanguage ?? i18n.language, state.likes)}</span>
      </button>
    </ActionForm>
  );
}

/** 💬 with the comment count, for cards. */
export function CommentCount({ count }: { count: number }) {
  const { t, i18n } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1.5 px-1 text-sm text-slate-600" title={t('content.commentCount', { count })}>
      <span aria-hidden="true">💬</span>
      <span className="sr-only">{t('content.commentCount', { count })}</span>
      <span aria-hidden="true">{formatCount(i18n.resolvedLanguage ?? i18n.language, count)}</span>
    </span>
  );
}
