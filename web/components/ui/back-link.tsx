import type { ReactNode } from 'react';
import { Link } from './link.tsx';

/**
 * '← Back to …', with the arrow mirrored in right-to-left pages. A module of its own: an item's page
 * takes it without the search box and filters it once shared a module with (issue 38).
 */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-sm font-medium text-brand-700 hover:underline">
      <span aria-hidden="true" className="rtl:hidden">
        ←{' '}
      </span>
      <span aria-hidden="true" className="ltr:hidden">
        →{' '}
      </span>
      {children}
    </Link>
  );
}
