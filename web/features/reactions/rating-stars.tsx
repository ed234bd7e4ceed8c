import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { ContentType } from '../../../common/content-basics.ts';
import type { RatingSummary } from '../../../common/content.ts';
import { doneMessage } from '../../../common/actions.ts';
import { rateAction, unrateAction } from '../../../common/reactions-basics.ts';
import { ActionForm, actionPath } from '../../components/ui/action-form.tsx';
import { formatRating } from '../../lib/intl.ts';
import { errorText, notify, notifyFlash } from '../../lib/toast.ts';
import { useLoginGate } from '../../lib/use-login-gate.ts';
import { useSetRating } from './reactions.api.ts';

/** Five stars showing `value` (0-5, halves rounded down), read-only. */
export function Stars({ value, label }: { value: number | null; label: string }) {
  const filled = Math.round(value ?? 0);
  return (
    <span role="img" aria-label={label} className="inline-flex text-amber-700">
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true">
          {n <= filled ? '★' : '☆'}
        </span>
      ))}
    </span>
  );
}

/**
 * Readers' average and count, and five buttons to give one's own 1-5 score (a second click on it removes it).
 * The buttons submit a form (the `rate` action with the button's `score`; the chosen one posts to
 * `unrate`), so a score can be given before the scripts run; with them it is saved in place.
 */
export function RatingInput({ type, id, rating }: { type: ContentType; id: string; rating: RatingSummary }) {
  const { t, i18n } = useTranslation();
  const gate = useLoginGate();
  const mutation = useSetRating(type, id);
  const rate = (score: number) =>
    gate(t('content.loginToRate'), () =>
      mutation.mutate(rating.mine === score ? null : score, {
        // The same message as the plain form's (common/reactions-basics.ts).
        onSuccess: (after) =>
          notifyFlash(t, rating.mine === score ? doneMessage(unrateAction, after, { type, id }) : doneMessage(rateAction, after, { type, id, score })),
        onError: (error) => notify('error', t('content.rateError'), errorText(t, error)),
      }),
    );
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="rating">
      <span className="text-sm text-slate-700" data-testid="rating-summary">
        {rating.average === null
          ? t('content.noRatings')
          : t('content.ratingSummary', { average: formatRating(i18n.resolvedLanguage ?? i18n.language, rating.average), count: rating.count })}
      </span>
      <ActionForm action={rateAction} fields={{ type, id }} className="inline-flex">
        <div role="group" aria-label={t('content.yourRating')} className="inline-flex">
          {[1, 2, 3, 4, 5].map((score) => (
            <button
              key={score}
              type="submit"
              name="score"
              value={score}
              formAction={rating.mine === score ? actionPath(unrateAction) : undefined}
              disabled={mutation.isPending}
              aria-pressed={rating.mine === score}
              aria-label={t('content.rateAs', { count: score })}
              onClick={(event) => {
                // With scripts: in place, no post.
                event.preventDefault();
                rate(score);
              }}
              className={`h-9 w-9 rounded-md text-2xl leading-none transition-colors hover:bg-amber-50 ${(rating.mine ?? 0) >= score ? 'text-amber-700' : 'text-slate-500'}`}
            >
              <span aria-hidden="true">★</span>
            </button>
          ))}
        </div>
      </ActionForm>
    </div>
  );
}
