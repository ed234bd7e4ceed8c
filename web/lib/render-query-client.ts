import {
  hashKey,
  QueryClient,
  skipToken,
  type DefaultedQueryObserverOptions,
  type DefaultError,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';

/**
 * The query client of each server render (web/entry-server.tsx). It fills in a query's options as
 * TanStack's own does, with one `Object.assign` where TanStack uses object spreads of several
 * sources: Node 20's V8 copies those on a slow path, 11 µs a call against 1 µs (a loop over the
 * same options), and every loader and `useQuery` of a render calls it — 5–6 % of a page's render
 * thread. The browser keeps TanStack's client: Chromium's V8 copies both ways alike (0.2 µs), and
 * its first-load JS stays within budget. The result is the same object (render-query-client.test.ts holds
 * it to TanStack's for each kind of option, so an upgrade that changes TanStack's rule fails there).
 */
export class RenderQueryClient extends QueryClient {
  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    type Defaulted = DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>;
    if (options._defaulted) return options as Defaulted;
    const defaulted = Object.assign({}, this.getDefaultOptions().queries, this.getQueryDefaults(options.queryKey), options, { _defaulted: true }) as Defaulted;
    if (!defaulted.queryHash) defaulted.queryHash = (defaulted.queryKeyHashFn ?? hashKey)(defaulted.queryKey);
    if (defaulted.refetchOnReconnect === undefined) defaulted.refetchOnReconnect = defaulted.networkMode !== 'always';
    if (defaulted.throwOnError === undefined) defaulted.throwOnError = !!defaulted.suspense;
    if (!defaulted.networkMode && defaulted.persister) defaulted.networkMode = 'offlineFirst';
    if (defaulted.queryFn === skipToken) defaulted.enabled = false;
    return defaulted;
  }
}
