import type { ReactNode } from 'react';
import { Link } from '../ui/link.tsx';
import type { ContentStatus } from '../../../common/content.ts';
import { StatusBadge } from './status-badge.tsx';

/**
 * A contribution's name as its page's title, with its review status beside it while it is not public
 * (or another `badge` in its place: a secret place shows who sees it).
 */
export function ItemTitle({ name, status, badge }: { name: string; status: ContentStatus; badge?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <h1 dir="auto" className="text-3xl font-extrabold break-words text-slate-900">
        {name}
      </h1>
      {badge ?? <StatusBadge status={status} />}
    </div>
  );
}

type CardTitleProps = {
  to: string;
  status: ContentStatus;
  children: ReactNode;
  /** The link's look; a card whose whole area is the link stretches it (`after:absolute after:inset-0`). */
  linkClassName?: string;
  testId?: string;
  /** In place of the review status. */
  badge?: ReactNode;
};

/** A contribution's name on its card, as the link to its page, with its review status beside it. */
export function CardTitle({ to, status, children, linkClassName = 'hover:underline', testId, badge }: CardTitleProps) {
  return (
    <div className="flex items-start justify-between gap-2">
      <h2 className="text-lg leading-snug font-bold break-words text-slate-900">
        <Link dir="auto" to={to} className={linkClassName} data-testid={testId}>
          {children}
        </Link>
      </h2>
      {badge ?? <StatusBadge status={status} />}
    </div>
  );
}
