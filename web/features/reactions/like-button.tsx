import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { ContentType } from '../../../common/content-basics.ts';
import { likeAction, unlikeAction } from '../../../common/reactions-basics.ts';
import type { ReactionSummary } from '../../../common/content.ts';
import { LikeToggle } from '../../components/content/like-toggle.tsx';
import { formatCount } from '../../lib/intl.ts';
import { useSetLike } from './reactions.api.ts';

/** ♥ with the like count of a content item, on pages and on cards (the `like` / `unlike` actions without scripts). */
export function LikeButton({ type, id, reactions, name }: { type: ContentType; id: string; reactions: ReactionSummary; name: string }) {
  const { t } = useTranslation();
  return (
    <LikeToggle
      initial={reactions}
      mutation={useSetLike(type, id, t('outbox.labels.like', { name }))}
      actions={{ like: likeAction, unlike: unlikeAction }}
      fields={{ type, id }}
      label={(liked) => t(liked ? 'content.unlikeNamed' : 'content.likeNamed', { name })}
      testId="like-button"
      countTestId="like-count"
    />
  );
}

/**
 * A card's reactions: its ♥ (with the count) and its comment count side by side. `className` places the
 * pair in its card; by default a tight row.
 */
export function CardReactions({
  type,
  item,
  name,
  className = 'flex items-center gap-1',
}: {
  type: ContentType;
  item: { id: string; reactions: ReactionSummary };
  name: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <LikeButton type={type} id={item.id} reactions={item.reactions} name={name} />
      <CommentCount count={item.reactions.comments} />
    </div>
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
