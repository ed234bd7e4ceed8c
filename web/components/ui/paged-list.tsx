import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useLocation } from 'react-router';
import { ButtonLink } from './button.tsx';
import { Spinner } from './spinner.tsx';

/** What a list page needs from its `useInfiniteQuery`. */
export type PagedQuery = {
  isLoading: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  data?: { pages: unknown[] };
};

/**
 * 'Load More': a link to this list with one page more (`?page=N+1`, whose server-rendered page
 * holds pages 1..N+1: see withPages in web/lib/route-data.ts); with scripts it fetches the next
 * page in place instead.
 */
export function LoadMore({ query, label, className = 'mt-10' }: { query: PagedQuery; label: string; className?: string }) {
  const { pathname, search } = useLocation();
  if (!query.hasNextPage) return null;
  const next = new URLSearchParams(search);
  next.set('page', String((query.data?.pages.length ?? 1) + 1));
  return (
    <div className={`${className} flex justify-center`}>
      <ButtonLink
        to={`${pathname}?${next}`}
        variant="outline"
        size="lg"
        aria-disabled={query.isFetchingNextPage || undefined}
        onClick={(event) => {
          event.preventDefault();
          if (!query.isFetchingNextPage) void query.fetchNextPage();
        }}
      >
        {query.isFetchingNextPage && <Spinner className="h-4 w-4 border-2" />}
        {label}
      </ButtonLink>
    </div>
  );
}

/**
 * The body of every searchable list page: a live result count, a spinner while loading, an empty
 * state, the cards (dimmed while a new search loads) and 'Load More'.
 */
export function PagedList<T extends { id: string }>({
  query,
  items,
  countText,
  empty,
  loadMoreLabel,
  renderItem,
}: {
  query: PagedQuery;
  items: T[];
  /** The translated result count; undefined hides it (e.g. after a failure). */
  countText: string | undefined;
  empty: ReactNode;
  loadMoreLabel: string;
  /** `index` lets the first cards load their pictures first (they are what a visitor sees). */
  renderItem: (item: T, index: number) => ReactNode;
}) {
  return (
    <>
      <p className="mt-6 flex min-h-6 items-center gap-2 text-sm text-slate-600" aria-live="polite">
        {!query.isLoading && countText}
        {query.isFetching && !query.isLoading && !query.isFetchingNextPage && <Spinner className="h-4 w-4 border-2" />}
      </p>
      {query.isLoading ? (
        <CardSkeletons />
      ) : items.length === 0 ? (
        empty
      ) : (
        <>
          <ul
            className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${query.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}
            aria-busy={query.isFetching && !query.isFetchingNextPage}
          >
            {items.map((item, index) => (
              <li key={item.id}>{renderItem(item, index)}</li>
            ))}
          </ul>
          <LoadMore query={query} label={loadMoreLabel} />
        </>
      )}
    </>
  );
}

/** Grey stand-ins shaped like cards while the first page loads. */
export function CardSkeletons({ count = 6 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t('common.loading')} data-testid="list-loading">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="animate-pulse overflow-hidden rounded-2xl border border-slate-200 bg-white" aria-hidden="true">
          <div className="h-40 bg-slate-200" />
          <div className="space-y-3 p-5">
            <div className="h-5 w-2/3 rounded bg-slate-200" />
            <div className="h-4 w-1/2 rounded bg-slate-100" />
            <div className="h-4 w-5/6 rounded bg-slate-100" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The empty state of a list: an icon, a title, a text and one action. */
export function EmptyList({ icon, title, text, action, testId }: { icon: string; title: string; text: string; action?: ReactNode; testId?: string }) {
  return (
    <div
      className="mx-auto mt-4 flex max-w-lg flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center"
      data-testid={testId}
    >
      <span className="text-5xl" aria-hidden="true">
        {icon}
      </span>
      <h2 className="text-xl font-bold text-slate-900">{title}</h2>
      <p className="text-slate-600">{text}</p>
      {action}
    </div>
  );
}
