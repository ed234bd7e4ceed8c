import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { createContext, RouterContextProvider, type LoaderFunctionArgs, type Params } from 'react-router';

/**
 * A route's data: the query options (from the features' `*.api.ts` factories) its page reads,
 * declared on the route (web/routes.tsx) and resolved together before the page renders: on the
 * server once, in parallel, before its one render (web/entry-server.tsx); in the browser by the
 * router on every navigation, from the cache when it is fresh. Components then read the same
 * queries with `useQuery`, which find their data there: no component discovers data by rendering.
 */

/** The query client of the render (server: one per request) or of the browser tab. */
export const queryClientContext = createContext<QueryClient>();

export function routerContext(queryClient: QueryClient): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(queryClientContext, queryClient);
  return context;
}

/**
 * What a loader gets to choose its queries: the route's parameters, the address's query string and
 * the query client, for a need that depends on data (a team's manager panel on the team read first).
 */
export type RouteNeedsArgs = { params: Params; search: URLSearchParams; client: QueryClient };

/** Options of a plain query or of a paged (infinite) one, as the `*.api.ts` factories make them. */
export type NeededQuery =
  | { queryKey: QueryKey; queryFn?: unknown; initialPageParam?: undefined }
  | { queryKey: QueryKey; queryFn?: unknown; initialPageParam: unknown; getNextPageParam: unknown };

type Needed = readonly (NeededQuery | false | null | undefined)[];

/** The queries a route's page reads; a promise when some are known only from other data (few pages). */
export type RouteNeeds = (args: RouteNeedsArgs) => Needed | Promise<Needed>;

/**
 * Fills the cache with one query unless it is there. A failed read stays in the cache as an error,
 * which the page shows in its own words (not found, say) rather than as a broken route.
 */
export function ensureQuery(client: QueryClient, options: NeededQuery): Promise<unknown> {
  const ensured =
    options.initialPageParam === undefined
      ? client.ensureQueryData(options as Parameters<QueryClient['ensureQueryData']>[0])
      : client.ensureInfiniteQueryData(options as unknown as Parameters<QueryClient['ensureInfiniteQueryData']>[0]);
  return ensured.catch(() => undefined);
}

/** A route loader resolving all of `needs` at once; the page chunk `preload` (if any) loads alongside. */
export function loaderOf(needs: RouteNeeds | undefined, preload?: () => Promise<unknown>) {
  return async ({ params, request, context }: LoaderFunctionArgs<Readonly<RouterContextProvider>>): Promise<null> => {
    const client = context.get(queryClientContext);
    const chunk = preload?.();
    const wanted = needs ? await needs({ params, search: new URL(request.url).searchParams, client }) : [];
    await Promise.all([...wanted.filter((q): q is NeededQuery => Boolean(q)).map((q) => ensureQuery(client, q)), chunk]);
    return null;
  };
}
