import { useQuery, useQueryClient, type QueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { createContext, data, RouterContextProvider, type DataRouteObject, type LoaderFunctionArgs, type Params } from 'react-router';

/**
 * A route's data: the query options (from the features' `*.api.ts` factories) its page reads,
 * declared on the route (web/routes.tsx) and resolved together before the page renders: on the
 * server once, in parallel, before its one render (web/entry-server.tsx); in the browser by the
 * router on every navigation, from the cache when it is fresh. Components then read the same
 * queries with `useQuery`, which find their data there: no component discovers data by rendering.
 */

/**
 * The `meta` of a query whose answer is the same for everyone and changes only when an admin edits
 * the site (its settings, the categories and disciplines in every page's menu): the server's
 * renderer reuses a recent answer across pages rather than reading it for each one
 * (web/entry-server.tsx), so a page's reads are those of its own content.
 */
export const SITE_WIDE = { siteWide: true } as const;

/** The query client of the render (server: one per request) or of the browser tab. */
export const queryClientContext = createContext<QueryClient>();

export function routerContext(queryClient: QueryClient): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(queryClientContext, queryClient);
  return context;
}

/**
 * The routes of the branch the handler matched, for the render's router. React Router's static
 * router copies every route it is given and matches the address against them all again, compiling
 * each path: for our forty-odd routes that was a sixteenth of a page's render. A page renders its
 * own branch only; the browser's router has every route.
 */
export function matchedBranch(routes: DataRouteObject[], matches: readonly { route: { id: string } }[]): DataRouteObject[] {
  const matched = new Set(matches.map((match) => match.route.id));
  const keep = (list: DataRouteObject[]): DataRouteObject[] =>
    list.filter((route) => matched.has(route.id)).map((route) => (route.children ? { ...route, children: keep(route.children) } : route));
  return keep(routes);
}

/**
 * What a loader gets to choose its queries: the route's parameters, the address (path and query
 * string), and the query client, for needs that depend on data first (who is signed in, say).
 */
export type RouteNeedsArgs = { params: Params; search: URLSearchParams; url: URL; client: QueryClient };

/** Options of a plain query or of a paged (infinite) one, as the `*.api.ts` factories make them. */
export type NeededQuery =
  | { queryKey: QueryKey; queryFn?: unknown; initialPageParam?: undefined }
  | { queryKey: QueryKey; queryFn?: unknown; initialPageParam: unknown; getNextPageParam: unknown };

type Needed = readonly (NeededQuery | false | null | undefined)[];

/**
 * A route's queries; async when they depend on other data, and may throw a `redirect` (a signed-in
 * page asked for by a visitor) or a `PageStatus` (the page renders, in its own words, with that status).
 */
export type RouteNeeds = (args: RouteNeedsArgs) => Needed | Promise<Needed>;

/**
 * Fills the cache with one query unless it is there. A failed read stays in the cache as an error,
 * which the page shows in its own words (not found, say) rather than as a broken route.
 */
export function ensureQuery(client: QueryClient, options: NeededQuery): Promise<unknown> {
  // Defaulted once here, as TanStack would: given plain options it defaults them again in each step
  // (ensure, then fetch), a new object each time (web/lib/render-query-client.ts).
  const defaulted = client.defaultQueryOptions(options as Parameters<QueryClient['defaultQueryOptions']>[0]);
  const ensured =
    options.initialPageParam === undefined
      ? client.ensureQueryData(defaulted as Parameters<QueryClient['ensureQueryData']>[0])
      : client.ensureInfiniteQueryData(defaulted as unknown as Parameters<QueryClient['ensureInfiniteQueryData']>[0]);
  return ensured.catch(() => undefined);
}

/**
 * Thrown by a route's needs when its page is to render without its data and with this HTTP status:
 * the admin panel asked for by someone who is not an admin says 'Access Denied' with a 403, where a
 * redirect would have lost the spec's words.
 */
export class PageStatus {
  constructor(readonly status: number) {}
}

/** A route loader resolving all of `needs` at once; the page chunk `preload` (if any) loads alongside. */
export function loaderOf(needs: RouteNeeds | undefined, preload?: () => Promise<unknown>) {
  return async ({ params, request, context }: LoaderFunctionArgs<Readonly<RouterContextProvider>>): Promise<null | ReturnType<typeof data<null>>> => {
    const client = context.get(queryClientContext);
    const url = new URL(request.url);
    // The page's chunk loads while the needs are worked out (and while any they wait on are read).
    const chunk = preload?.();
    // Observed here too: a chunk failing while the needs redirect is no unhandled rejection.
    chunk?.catch(() => undefined);
    let wanted: Needed = [];
    try {
      wanted = needs ? await needs({ params, search: url.searchParams, url, client }) : [];
    } catch (thrown) {
      if (!(thrown instanceof PageStatus)) throw thrown;
      await chunk;
      return data(null, { status: thrown.status });
    }
    await Promise.all([...wanted.filter((q): q is NeededQuery => Boolean(q)).map((q) => ensureQuery(client, q)), chunk]);
    return null;
  };
}

/**
 * The most pages a link `?page=N` has the server render at once: 'Load More' without scripts
 * (pages 1..N, so the list stays one list), bounded so that an address cannot ask for thousands.
 */
export const MAX_LINKED_PAGES = 10;

/** How many pages the address asks for (`page`, 1 when absent or not a number). */
export function pagesFrom(search: URLSearchParams): number {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  return Number.isFinite(page) && page > 1 ? Math.min(page, MAX_LINKED_PAGES) : 1;
}

/** A route's need for a paged list: the first `?page=N` pages of it (fetched one after the other). */
export function withPages<O extends object>(options: O, search: URLSearchParams): O & { pages: number } {
  return { ...options, pages: pagesFrom(search) };
}

type FrameQuery<T, K extends QueryKey> = UseQueryOptions<T, Error, T, K>;
type FrameRead<T> = { data: T | undefined; isLoading: boolean };

/**
 * A query of every page's frame (who is signed in, the site's settings), which many components of
 * a page read. The server renders a page once, from data its loaders put in the cache, and nothing
 * changes or refetches meanwhile: it reads the cache as it is, where `useQuery` made an observer
 * for each component (a tenth of a list page's render). A query no loader put there is still
 * created, pending, so the renderer reports it as undeclared. The browser observes it as usual.
 */
export const useFrameQuery: <T, K extends QueryKey>(options: FrameQuery<T, K>) => FrameRead<T> = import.meta.env.SSR
  ? <T, K extends QueryKey>(options: FrameQuery<T, K>): FrameRead<T> => {
      const client = useQueryClient();
      const { state } = client.getQueryCache().build(client, options);
      return { data: state.data, isLoading: state.status === 'pending' && state.fetchStatus === 'fetching' };
    }
  : <T, K extends QueryKey>(options: FrameQuery<T, K>): FrameRead<T> => {
      const { data, isLoading } = useQuery(options);
      return { data, isLoading };
    };
