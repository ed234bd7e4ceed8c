import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useLocation } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { COMMENT_MAX_LENGTH, type ContentType } from '../../../common/content-basics.ts';
import { doneMessage } from '../../../common/actions.ts';
import { commentAction, deleteCommentAction } from '../../../common/reactions-basics.ts';
import { DeletePostForm, PersonPost } from '../../components/content/person-post.tsx';
import { ActionForm } from '../../components/ui/action-form.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextArea } from '../../components/ui/text-field.tsx';
import { useFormatDate } from '../../lib/localized.ts';
import { errorText, notify, notifyFlash } from '../../lib/toast.ts';
import { useMe } from '../../lib/session.ts';
import { useAddComment, useComments, useDeleteComment } from './reactions.api.ts';
import { isQueued, notifyUnsent } from '../../lib/queued.ts';

/**
 * The comments of an item, newest first, with a form for signed-in people; bodies are shown as plain text.
 * Posting and deleting are forms (the `comment` / `delete-comment` actions): before the scripts the
 * server saves them and shows the page again; with them they run in place.
 */
export function CommentsSection({ type, id }: { type: ContentType; id: string }) {
  const { t } = useTranslation();
  const { user } = useMe();
  const { pathname, search } = useLocation();
  const formatDate = useFormatDate({ dateStyle: 'medium', timeStyle: 'short' });
  const comments = useComments(type, id);
  const add = useAddComment(type, id, t('outbox.labels.comment'));
  const remove = useDeleteComment();
  // The text is the field's own (uncontrolled), read when the form is sent: what was typed before the
  // scripts ran is in the field, not in any state (a controlled field was emptied once the app redrew it).
  // A new key empties it once a comment is posted.
  const [round, setRound] = useState(0);
  const [error, setError] = useState<string>();
  const items = comments.data?.pages.flatMap((p) => p.items) ?? [];
  const total = comments.data?.pages[0]?.total ?? 0;
  // A title reads badly as "More than Comments (1000)": its own words for a capped total.
  const totalCapped = comments.data?.pages[0]?.totalCapped ?? false;

  const submit = (data: FormData) => {
    const body = String(data.get('body') ?? '');
    if (body.trim() === '') return setError(t('errors.REQUIRED'));
    setError(undefined);
    add.mutate(body, {
      onSuccess: (comment) => {
        setRound((r) => r + 1);
        // The same message as the plain form's (common/reactions-basics.ts).
        notifyFlash(t, doneMessage(commentAction, comment, { type, id, body }));
      },
      onError: (e) => {
        if (isQueued(e)) setRound((r) => r + 1);
        notifyUnsent(t, t('content.commentError'), e);
      },
    });
  };

  const onDelete = (commentId: string) =>
    remove.mutate(commentId, {
      onSuccess: () => notifyFlash(t, doneMessage(deleteCommentAction, null, { id: commentId })),
      onError: (e) => notify('error', t('content.commentDeleteError'), errorText(t, e)),
    });

  return (
    <section className="mt-10" aria-labelledby="comments-title" data-testid="comments">
      <h2 id="comments-title" className="text-xl font-bold text-slate-900">
        {totalCapped ? t('content.commentsTitleMore', { count: total }) : t('content.commentsTitle', { count: total })}
      </h2>
      {user ? (
        <ActionForm action={commentAction} fields={{ type, id }} className="mt-4 space-y-2" onSubmit={submit}>
          <TextArea
            key={round}
            name="body"
            label={t('content.commentLabel')}
            placeholder={t('content.commentPlaceholder')}
            rows={3}
            maxLength={COMMENT_MAX_LENGTH}
            error={error}
          />
          <div className="flex justify-end">
            <Button type="submit" busy={add.isPending}>
              {t('content.postComment')}
            </Button>
          </div>
        </ActionForm>
      ) : (
        <p className="mt-4 text-sm text-slate-600">
          {/* Back to this item after logging in. */}
          <Link to={`/login?next=${encodeURIComponent(pathname + search)}`} className="font-semibold text-brand-700 hover:underline">
            {t('content.loginToComment')}
          </Link>
        </p>
      )}
      {comments.isLoading ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : items.length === 0 ? (
        <p className="mt-4 text-slate-600">{t('content.noComments')}</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {items.map((c) => (
            <PersonPost key={c.id} author={c.author} meta={<time dateTime={c.createdAt}>{formatDate(c.createdAt)}</time>} testId="comment">
              <p dir="auto" className="break-words whitespace-pre-line text-slate-800">
                {c.body}
              </p>
              {c.canDelete && (
                <DeletePostForm
                  action={deleteCommentAction}
                  fields={{ id: c.id }}
                  onDelete={() => onDelete(c.id)}
                  pending={remove.isPending}
                  label={t('common.delete')}
                  className="mt-2 flex justify-end"
                />
              )}
            </PersonPost>
          ))}
        </ul>
      )}
      {comments.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => void comments.fetchNextPage()} disabled={comments.isFetchingNextPage}>
            {t('content.moreComments')}
          </Button>
        </div>
      )}
    </section>
  );
}
