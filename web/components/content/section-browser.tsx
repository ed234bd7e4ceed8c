import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { filterHref, usePagedResults, useTextFilter, type useUrlFilters } from '../../lib/list-state.ts';
import { useLocalizedName } from '../../lib/localized.ts';
import { useLoginGate } from '../../lib/use-login-gate.ts';
import { Button, ButtonLink } from '../ui/button.tsx';
import { EmptyList, PagedList, type PagedQuery } from '../ui/paged-list.tsx';
import { FilterForm, SearchBox } from '../ui/search-box.tsx';
import { SectionHeader } from './section-header.tsx';

/** A list page's pages, as its `use*List` hook gives them. */
export type SectionList<T> = UseInfiniteQueryResult<InfiniteData<{ items: T[]; total: number; totalCapped: boolean }>>;

/** What usePagedResults makes of a list. */
export type SectionResultsOf<T> = ReturnType<typeof usePagedResults<T>>;

/**
 * The cards of a section's list and its count, or its empty state: while filtered, 'no match' with
 * `clear` back to the whole list; else `empty`. Its texts are the section's own
 * (`{section}.loadMore`, `.noMatchTitle`, `.noMatchText`, `.emptyTitle`), as is its test id
 * (`{section}-empty`).
 */
export function SectionResults<T extends { id: string }>({
  section,
  list,
  results,
  countKey = `${section}.resultCount`,
  renderItem,
  filtered,
  clear,
  empty,
}: {
  section: string;
  list: PagedQuery;
  results: SectionResultsOf<T>;
  countKey?: string;
  renderItem: (item: T, index: number) => ReactNode;
  filtered: boolean;
  clear: { to: string; label: string; onClick: () => void };
  empty: { icon: string; title?: string; text: string; action: ReactNode };
}) {
  const { t } = useTranslation();
  return (
    <PagedList
      query={list}
      items={results.items}
      countText={results.failed ? undefined : results.countText(countKey)}
      loadMoreLabel={t(`${section}.loadMore`)}
      renderItem={renderItem}
      empty={
        <EmptyList
          testId={`${section}-empty`}
          icon={filtered ? '🔎' : empty.icon}
          title={filtered ? t(`${section}.noMatchTitle`) : (empty.title ?? t(`${section}.emptyTitle`))}
          text={filtered ? t(`${section}.noMatchText`) : empty.text}
          action={
            filtered ? (
              <ButtonLink variant="outline" to={clear.to} replace onClick={clear.onClick}>
                {clear.label}
              </ButtonLink>
            ) : (
              empty.action
            )
          }
        />
      }
    />
  );
}

/** The sections whose people contribute the items of a discipline's list. */
export type ContributedSection = 'places' | 'events' | 'tricks' | 'reviews' | 'shops' | 'articles';

/**
 * A contributed section's list page of one discipline: its header with the button to add an item
 * (a visitor is asked to log in first), the search (`q`) with the section's other filters
 * (`filterFields`, `toolbar` beside the form), the cards or another `view` of them (a map, a
 * calendar), and the section's add dialog. Its texts and test ids are the section's own
 * (`{section}.subtitle`, `.searchLabel`, `.searchPlaceholder`, `.toast.fetchError`; `{section}-search`).
 */
export function SectionBrowser<T extends { id: string }>({
  section,
  discipline,
  title,
  filters,
  keep,
  filterFields,
  toolbar,
  list,
  countKey,
  renderItem,
  view,
  filtered,
  cleared,
  clearLabel,
  empty,
  add,
  dialog,
}: {
  section: ContributedSection;
  discipline: DisciplineHub;
  title: string;
  filters: ReturnType<typeof useUrlFilters>;
  /** Address parameters the filter form keeps (the view, say): see FilterForm. */
  keep?: string[];
  filterFields?: ReactNode;
  toolbar?: ReactNode;
  list: SectionList<T>;
  countKey?: string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Another view of the loaded items instead of the cards. */
  view?: (results: SectionResultsOf<T>) => ReactNode;
  filtered: boolean;
  /** The filters 'clear' empties. */
  cleared: Record<string, string>;
  clearLabel: string;
  empty: { icon: string; title?: string; text?: string };
  add: { label: string; icon?: string; testId: string; firstLabel: string; loginReason?: string };
  /** The add dialog, for a signed-in person only (a visitor does not load its code). */
  dialog: ((props: { open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode) | null;
}) {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const gate = useLoginGate();
  const { pathname } = useLocation();
  const search = useTextFilter(filters, 'q');
  const results = usePagedResults(list, t(`${section}.toast.fetchError`));
  const [adding, setAdding] = useState(false);
  const openAdd = () => gate(add.loginReason ?? t('content.loginToContribute'), () => setAdding(true));
  const disciplineName = name(discipline);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <SectionHeader
        discipline={discipline}
        title={title}
        subtitle={t(`${section}.subtitle`, { discipline: disciplineName })}
        action={
          <Button onClick={openAdd} data-testid={add.testId}>
            <span aria-hidden="true">{add.icon ?? '＋'}</span>
            {add.label}
          </Button>
        }
      />

      <div className="mt-8 flex flex-wrap items-center gap-3">
        <FilterForm keep={keep} onApply={filters.applyForm} className="flex min-w-0 flex-1 basis-64 flex-wrap gap-3">
          <SearchBox label={t(`${section}.searchLabel`)} placeholder={t(`${section}.searchPlaceholder`)} value={search.text} onChange={search.setText} testId={`${section}-search`} />
          {filterFields}
        </FilterForm>
        {toolbar}
      </div>

      {view ? (
        view(results)
      ) : (
        <SectionResults
          section={section}
          list={list}
          results={results}
          countKey={countKey}
          renderItem={renderItem}
          filtered={filtered}
          clear={{ to: filterHref(pathname, filters.params, cleared), label: clearLabel, onClick: () => search.setText('') }}
          empty={{ icon: empty.icon, title: empty.title, text: empty.text ?? t(`${section}.emptyText`, { discipline: disciplineName }), action: <Button onClick={openAdd}>{add.firstLabel}</Button> }}
        />
      )}

      {dialog && <Suspense fallback={null}>{dialog({ open: adding, onOpenChange: setAdding })}</Suspense>}
    </div>
  );
}
