import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from './i18n-binding.tsx';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { errorText, notify } from './toast.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/**
 * A list page's filters live in the address, so a filtered list can be shared and survives the
 * back button. `setParam` with an empty value removes the parameter; any change starts the list
 * again at its first page (`page`). While the router still loads the list of a previous change on
 * this page, a change builds on that pending address, so that two quick changes both count.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const pending = navigation.location?.pathname === pathname ? navigation.location.search : null;
  const setParam = useCallback(
    (key: string, value: string) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(pending ?? previous);
          if (value) next.set(key, value);
          else next.delete(key);
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams, pending],
  );
  const clearParams = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  /** Writes a filter form's fields (its hidden ones included) to the address at once, as its GET submission would. */
  const applyForm = useCallback(
    (form: HTMLFormElement) => {
      const next = new URLSearchParams();
      for (const [key, value] of new FormData(form)) if (typeof value === 'string' && value.trim() !== '') next.set(key, value.trim());
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return { params, setParam, clearParams, applyForm };
}

/** The address of this list with `changes` applied (empty values removed) and its first page: a filter or view link. */
export function filterHref(pathname: string, params: URLSearchParams, changes: Record<string, string>): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  next.delete('page');
  const search = next.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** A text filter: what is typed now, and its trimmed value once typing pauses (also written to the address). */
export function useTextFilter(filters: ReturnType<typeof useUrlFilters>, key: string) {
  const { params, setParam } = filters;
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const [text, setText] = useState(params.get(key) ?? '');
  const value = useDebouncedValue(text.trim());
  useEffect(() => {
    // A click on a result while typing pauses starts leaving the page: writing the address now would
    // cancel that, or (while the next page's code loads and this one still shows) land on the next page.
    // A navigation that stays on this page (the list of the previous pause loading) is no reason to
    // wait: this newer value replaces it, and no keystroke is lost.
    const leaving = navigation.state !== 'idle' && navigation.location?.pathname !== pathname;
    if (leaving || window.location.pathname !== pathname) return;
    const current = new URLSearchParams(navigation.location?.search ?? window.location.search).get(key) ?? '';
    if (current !== value) setParam(key, value);
  }, [value]); // eslint-disable-line react-hooks/exhaustive-deps
  return { text, setText, value };
}

/**
 * A list's count: `key` (plural by `count`) of its total, or "More than …" of it when the server
 * stopped counting at COUNT_CAP (`totalCapped`).
 */
export function listCountText(t: TFunction, key: string, counted: { total: number; totalCapped: boolean }): string {
  const text = t(key, { count: counted.total });
  return counted.totalCapped ? t('common.moreThan', { text }) : text;
}

/**
 * The loaded items of a paged list, its total and `countText(key)` (listCountText of the total). A
 * failed first page shows as an empty list with an error toast titled `errorTitle`; a failed
 * 'Load More' keeps what was loaded.
 */
export function usePagedResults<T>(list: UseInfiniteQueryResult<InfiniteData<{ items: T[]; total: number; totalCapped: boolean }>>, errorTitle: string) {
  const { t } = useTranslation();
  useEffect(() => {
    if (list.error) notify('error', errorTitle, errorText(t, list.error));
  }, [list.error]); // eslint-disable-line react-hooks/exhaustive-deps
  const failed = list.isError && !list.isFetchNextPageError;
  const total = failed ? 0 : (list.data?.pages[0]?.total ?? 0);
  const totalCapped = !failed && (list.data?.pages[0]?.totalCapped ?? false);
  return {
    failed,
    items: failed ? [] : (list.data?.pages.flatMap((page) => page.items) ?? []),
    total,
    totalCapped,
    countText: (key: string) => listCountText(t, key, { total, totalCapped }),
  };
}
