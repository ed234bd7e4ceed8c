import type { ReactNode } from 'react';
import { Link } from '../ui/link.tsx';
import type { AnyAction } from '../../../common/actions.ts';
import { ActionForm } from '../ui/action-form.tsx';
import { Avatar } from '../ui/avatar.tsx';
import { Button } from '../ui/button.tsx';

type Author = { id: string; name: string; avatarUrl: string | null };

/**
 * Something a person posted, in a list (a comment, a session, a condition report): their picture and
 * name linking to their profile, `meta` (its time, its length…) on the same line, then what it says.
 */
export function PersonPost({ author, meta, testId, children }: { author: Author; meta: ReactNode; testId: string; children: ReactNode }) {
  return (
    <li className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4" data-testid={testId}>
      <Avatar person={author} />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <Link dir="auto" to={`/profile/${author.id}`} className="font-semibold text-slate-900 hover:underline">
            {author.name}
          </Link>
          <span className="text-xs text-slate-500">{meta}</span>
        </div>
        {children}
      </div>
    </li>
  );
}

/** A post's Delete: the plain form `action` with its id `fields`, in place with scripts (`onDelete`). */
export function DeletePostForm({
  action,
  fields,
  onDelete,
  pending,
  label,
  className,
}: {
  action: AnyAction;
  fields: Record<string, string>;
  onDelete: () => void;
  pending: boolean;
  label: string;
  className?: string;
}) {
  return (
    <ActionForm action={action} fields={fields} onSubmit={onDelete} className={className}>
      <Button type="submit" variant="ghost" size="sm" disabled={pending}>
        {label}
      </Button>
    </ActionForm>
  );
}
