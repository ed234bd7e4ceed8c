import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Link } from '../../components/ui/link.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

/** A header cell: its text, or its text and a width class. */
export type AdminColumn = string | { label: string; className: string };

/**
 * An admin list as a table, scrolling sideways on narrow screens: a caption for screen readers, the
 * header cells (the last one, Actions, at the end) and the rows. `dimmed` while a new search loads.
 */
export function AdminTable({
  caption,
  columns,
  minWidth,
  dimmed = false,
  busy,
  testId,
  children,
}: {
  caption: string;
  columns: AdminColumn[];
  /** A Tailwind min-w-[…] class. */
  minWidth: string;
  dimmed?: boolean;
  busy?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className={`w-full ${minWidth} text-start text-sm ${dimmed ? 'opacity-60 transition-opacity' : ''}`} aria-busy={busy} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column, index) => {
              const { label, className } = typeof column === 'string' ? { label: column, className: '' } : column;
              return (
                <th key={label} scope="col" className={`${className} px-4 py-3 ${index === columns.length - 1 ? 'text-end' : 'text-start'}`}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

const actionClass = buttonClass({ variant: 'link', size: 'sm' });

/** The item's public page, in a new tab so that the admin panel stays where it was. */
export function ViewLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={actionClass} aria-label={label}>
      {children}
    </a>
  );
}

/** A row's View (when the item has a page), Edit and Delete, each named after the item for screen readers. */
export function RowActions({
  texts,
  name,
  viewPath,
  editPath,
  onDelete,
}: {
  /** Where the action labels live in the catalogue. */
  texts: 'admin.catalogue' | 'admin.content';
  name: string;
  viewPath: string | null;
  editPath: string;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap justify-end gap-1">
      {viewPath && (
        <ViewLink href={viewPath} label={t(`${texts}.viewNamed`, { name })}>
          {t(`${texts}.view`)}
        </ViewLink>
      )}
      <Link to={editPath} className={actionClass} aria-label={t(`${texts}.editNamed`, { name })}>
        {t('common.edit')}
      </Link>
      <Button size="sm" variant="destructive" onClick={onDelete} aria-label={t(`${texts}.deleteNamed`, { name })}>
        {t('common.delete')}
      </Button>
    </div>
  );
}

/**
 * A list that could not be loaded, with Retry. `detail` (the reason) is shown where no toast gives it,
 * and then the message is announced.
 */
export function LoadFailed({ text, detail, onRetry, testId }: { text: string; detail?: string; onRetry: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center text-slate-700" role={detail === undefined ? undefined : 'alert'} data-testid={testId}>
      <p className={detail === undefined ? '' : 'font-semibold'}>{text}</p>
      {detail !== undefined && <p className="text-sm text-slate-500">{detail}</p>}
      <Button variant="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** 'Load More' under a paged list, while there is a next page. */
export function LoadMore({
  list,
  label,
  className = '',
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
  className?: string;
}) {
  if (!list.hasNextPage) return null;
  return (
    <div className={`flex justify-center ${className}`}>
      <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
        {list.isFetchingNextPage && <Spinner className="h-4 w-4 border-2" />}
        {label}
      </Button>
    </div>
  );
}
