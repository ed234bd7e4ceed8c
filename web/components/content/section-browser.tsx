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
 * The catalogue keys of each section's list that are not `{section}.{text}`: its title, its add
 * button (label, test id, icon when not ＋), the empty list's button and icon, the clear button, and
 * the reason a visitor must log in to add (when not content.loginToContribute).
 */
const LIST_TEXTS: Record<
  ContributedSection,
  { title: string; add: string; addTestId: string; addIcon?: string; addFirst: string; emptyIcon: string; clear: string; login?: string }
> = {
  places: {
    title: 'nav.places',
    add: 'places.addPlace',
    addTestId: 'add-place',
    addFirst: 'places.addFirst',
    emptyIcon: '📍',
    clear: 'places.clearSearch',
    login: 'places.toast.loginToAdd',
  },
  events: { title: 'nav.events', add: 'events.addEvent', addTestId: 'add-event', addFirst: 'events.addFirst', emptyIcon: '📅', clear: 'events.clearFilters' },
  tricks: {
    title: 'nav.tricktionary',
    add: 'tricks.addTrick',
    addTestId: 'add-trick',
    addFirst: 'tricks.addFirst',
    emptyIcon: '🎯',
    clear: 'tricks.clearFilters',
  },
  reviews: {
    title: 'nav.reviews',
    add: 'reviews.writeReview',
    addTestId: 'write-review',
    addIcon: '✍️',
    addFirst: 'reviews.writeFirst',
    emptyIcon: '🛹',
    clear: 'reviews.clearFilters',
  },
  shops: { title: 'nav.shops', add: 'shops.addShop', addTestId: 'add-shop', addFirst: 'shops.addFirst', emptyIcon: '🛍️', clear: 'shops.clearSearch' },
  articles: {
    title: 'nav.articles',
    add: 'articles.createArticle',
    addTestId: 'create-article',
    addFirst: 'articles.writeFirst',
    emptyIcon: '📰',
    clear: 'articles.clearSearch',
  },
};

/**
 * A contributed section's list page of one discipline: its header with the button to add an item
 * (a visitor is asked to log in first), the search (`q`) with the section's other filters
 * (`filterFields`, `toolbar` beside the form), the cards or another `view` of them (a map, a
 * calendar), the empty state and the section's add dialog. Its texts and test ids are the
 * section's own: LIST_TEXTS, and `{section}.subtitle`, `.searchLabel`, `.searchPlaceholder`,
 * `.emptyText`, `.toast.fetchError`, `{section}-search`.
 */
export function SectionBrowser<T extends { id: string }>({
  section,
  discipline,
  filters,
  keep,
  filterFields,
  toolbar,
  list,
  countKey,
  renderItem,
  view,
  clearable,
  empty,
  dialog,
}: {
  section: ContributedSection;
  discipline: DisciplineHub;
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
  /** The filters 'clear' empties, by their values: the list is filtered while one is set. */
  clearable: Record<string, string>;
  /** The empty (unfiltered) list's title and text, when not `{section}.emptyTitle` and `.emptyText`. */
  empty?: { title: string; text: string };
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
  const texts = LIST_TEXTS[section];
  const openAdd = () => gate(t(texts.login ?? 'content.loginToContribute'), () => setAdding(true));
  const disciplineName = name(discipline);
  const cleared = Object.fromEntries(Object.keys(clearable).map((key) => [key, '']));

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <SectionHeader
        discipline={discipline}
        title={t(texts.title)}
        subtitle={t(`${section}.subtitle`, { discipline: disciplineName })}
        action={
          <Button onClick={openAdd} data-testid={texts.addTestId}>
            <span aria-hidden="true">{texts.addIcon ?? '＋'}</span>
            {t(texts.add)}
          </Button>
        }
      />

      <div className="mt-8 flex flex-wrap items-center gap-3">
        <FilterForm keep={keep} onApply={filters.applyForm} className="flex min-w-0 flex-1 basis-64 flex-wrap gap-3">
          <SearchBox
            label={t(`${section}.searchLabel`)}
            placeholder={t(`${section}.searchPlaceholder`)}
            value={search.text}
            onChange={search.setText}
            testId={`${section}-search`}
          />
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
          filtered={Object.values(clearable).some(Boolean)}
          clear={{ to: filterHref(pathname, filters.params, cleared), label: t(texts.clear), onClick: () => search.setText('') }}
          empty={{
            icon: texts.emptyIcon,
            title: empty?.title,
            text: empty?.text ?? t(`${section}.emptyText`, { discipline: disciplineName }),
            action: <Button onClick={openAdd}>{t(texts.addFirst)}</Button>,
          }}
        />
      )}

      {dialog && <Suspense fallback={null}>{dialog({ open: adding, onOpenChange: setAdding })}</Suspense>}
    </div>
  );
}
