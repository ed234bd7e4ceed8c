import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AnyAction } from '../../../common/actions.ts';
import { ActionForm } from '../ui/action-form.tsx';
import { formatCount } from '../../lib/intl.ts';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { isQueued, notifyUnsent } from '../../lib/queued.ts';
import { useLoginGate } from '../../lib/use-login-gate.ts';

type Likes = { liked: boolean; likes: number };

type LikeToggleProps = {
  /** As the server last said it. */
  initial: Likes;
  /** Sends the new state (true: like) and answers with the stored one. */
  mutation: UseMutationResult<Likes, Error, boolean>;
  /** The form actions that like and unlike without scripts, and their fields. */
  actions: { like: AnyAction; unlike: AnyAction };
  fields: Record<string, string>;
  /** The button's accessible name in each state (the visible count is added to it). */
  label: (liked: boolean) => string;
  testId: string;
  countTestId?: string;
};

/**
 * ♥ with a like count; a click likes or unlikes at once and rolls back if the server refuses. A form
 * (`actions`) so it works before the scripts too. Content items and condition reports both use it.
 */
export function LikeToggle({ initial, mutation, actions, fields, label, testId, countTestId }: LikeToggleProps) {
  const { t, i18n } = useTranslation();
  const gate = useLoginGate();
  const [state, setState] = useState(initial);
  useEffect(() => setState({ liked: initial.liked, likes: initial.likes }), [initial.liked, initial.likes]);

  const toggle = () =>
    gate(t('content.loginToLike'), () => {
      const before = state;
      const liked = !before.liked;
      setState({ liked, likes: before.likes + (liked ? 1 : -1) });
      mutation.mutate(liked, {
        onSuccess: (result) => setState({ liked: result.liked, likes: result.likes }),
        onError: (error) => {
          // One kept for later shows as given until it is sent.
          if (!isQueued(error)) setState(before);
          notifyUnsent(t, t('content.likeError'), error);
        },
      });
    });

  return (
    <ActionForm action={state.liked ? actions.unlike : actions.like} fields={fields} onSubmit={toggle} className="inline-flex">
      <button
        type="submit"
        disabled={mutation.isPending}
        aria-pressed={state.liked}
        className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-semibold transition-colors ${state.liked ? 'bg-rose-50 text-rose-700' : 'text-slate-600 hover:bg-slate-100'}`}
        data-testid={testId}
      >
        <span aria-hidden="true">{state.liked ? '♥' : '♡'}</span>
        {/* Named by its text, so the visible count is part of the name (what voice control users say). */}
        <span className="sr-only">{label(state.liked)} </span>
        <span data-testid={countTestId}>{formatCount(i18n.resolvedLanguage ?? i18n.language, state.likes)}</span>
      </button>
    </ActionForm>
  );
}
