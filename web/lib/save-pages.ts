import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { KEEP_ALL_CODE, SAVED_PICTURES_CACHE } from '../../common/offline.ts';
import { routerContext } from './route-data.ts';
import { savedStore, type SavedEntry, type SaveRequest } from './saved-offline.ts';

// A picture of a card is drawn this wide (the photos' smallest variant).
const CARD_WIDTH = 400;
// At most this many spots' pages and pictures per save, so that one tap cannot fill the phone.
const MAX_PLACES = 60;
const MAX_PICTURES = 200;

/** What saving takes of the app: its router's routes, and a way to make a query client of its own. */
export type SavingApp = { routes: RouteObject[]; newClient: () => QueryClient };

/**
 * Saves pages for offline (web/lib/saved-offline.ts): runs each address's route loaders, as a
 * navigation would, against a query client of its own, so that exactly the data those pages read is
 * kept, with all the app's code (the service worker keeps it).
 */
export async function saveOffline({ routes, newClient }: SavingApp, request: SaveRequest): Promise<SavedEntry> {
  const client = newClient();
  const load = (paths: string[]) => inTurns(paths, (path) => runLoaders(routes, client, path));
  await load(request.paths);
  if (request.withPlaces) await load(placePages(client).slice(0, MAX_PLACES));
  // A page read only in part is no saved page: the person is told, and may try again.
  const failed = client.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' && !PERSONAL.has(String(query.queryKey[0])) });
  if (failed[0]) throw failed[0].state.error;
  // Who is signed in, their bell and messages are not the pages': never kept with them.
  // As TanStack's dehydrate has them (what its hydrate takes), without importing it here.
  const kept = client.getQueryCache().findAll({ predicate: (query) => query.state.status === 'success' && !PERSONAL.has(String(query.queryKey[0])) });
  const savedAt = Date.now();
  const queries: DehydratedState = {
    mutations: [],
    queries: kept.map(({ queryKey, queryHash, state }) => ({ queryKey, queryHash, state, dehydratedAt: savedAt })),
  };
  const pictures = [...new Set(picturesOf(queries))].slice(0, MAX_PICTURES);
  const cache = await caches.open(SAVED_PICTURES_CACHE);
  const sizes = await inTurns(pictures, async (url) => {
    const response = await fetch(url).catch(() => null);
    if (!response?.ok) return 0;
    const size = Number(response.headers.get('content-length')) || (await response.clone().blob()).size;
    await cache.put(url, response);
    return size;
  });
  const entry: SavedEntry = {
    id: request.id,
    label: request.label,
    savedAt: new Date().toISOString(),
    bytes: new Blob([JSON.stringify(queries)]).size + sizes.reduce((a, b) => a + b, 0),
    queries,
    pictures,
  };
  await keepAllCode();
  await savedStore.put(entry);
  return entry;
}

// A worker busy past this has not kept the code, and the save goes on without waiting for it.
const CODE_WAIT_MS = 60_000;

/**
 * Asks the service worker to keep all the app's code (KEEP_ALL_CODE), and waits for it: a saved page
 * opened offline may load a chunk nobody opened yet (a spot's map). Without a worker in charge there
 * is nothing to ask (nothing opens offline then anyway). Refused or late, the save stands: it fails
 * only if its pages could not be read.
 */
async function keepAllCode(): Promise<void> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return;
  const channel = new MessageChannel();
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, CODE_WAIT_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      channel.port1.close();
      resolve();
    };
    worker.postMessage({ type: KEEP_ALL_CODE }, [channel.port2]);
  });
}

/** The frame's queries about the person (web/routes.tsx frameNeeds), by their keys' first part. */
const PERSONAL = new Set(['auth', 'notifications', 'conversations']);
// Requests at a time: a phone on a weak signal, and the server's limits, take them better in turns.
const AT_ONCE = 4;

async function inTurns<T, R>(items: T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += AT_ONCE) results.push(...(await Promise.all(items.slice(i, i + AT_ONCE).map(run))));
  return results;
}

async function runLoaders(routes: RouteObject[], client: QueryClient, path: string): Promise<void> {
  const url = new URL(path, location.origin);
  const matches = matchRoutes(routes, url.pathname) ?? [];
  await Promise.all(
    matches.map(({ route, params }) =>
      typeof route.loader === 'function' ? route.loader({ params, request: new Request(url), context: routerContext(client) } as never) : undefined,
    ),
  );
}

type Listed = { id?: unknown; disciplineId?: unknown };
/** The pages of the spots the loaded lists show (a places list's pages of items). */
function placePages(client: QueryClient): string[] {
  const pages: string[] = [];
  for (const query of client.getQueryCache().findAll({ queryKey: ['places', 'list'] })) {
    const data = query.state.data as { pages?: { items?: Listed[] }[] } | undefined;
    for (const item of (data?.pages ?? []).flatMap((p) => p.items ?? [])) {
      if (typeof item.id === 'string' && typeof item.disciplineId === 'string')
        pages.push(`/discipline/${encodeURIComponent(item.disciplineId)}/places/${encodeURIComponent(item.id)}`);
    }
  }
  return [...new Set(pages)];
}

/** The card-size picture of every photo in the data, and the site's own pictures it names (covers, avatars). */
function picturesOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) picturesOf(v, found);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const variants = record.variants;
    if (Array.isArray(variants) && variants.every((v) => typeof (v as { url?: unknown }).url === 'string')) {
      const sorted = (variants as { width: number; url: string }[]).slice().sort((a, b) => a.width - b.width);
      const card = sorted.find((v) => v.width >= CARD_WIDTH) ?? sorted.at(-1);
      if (card && card.url.startsWith('/')) found.push(card.url);
      return found;
    }
    for (const [key, v] of Object.entries(record)) {
      if (typeof v === 'string' && /^(coverUrl|avatarUrl|logoUrl)$/.test(key) && v.startsWith('/') && !v.startsWith('//')) found.push(v);
      else picturesOf(v, found);
    }
  }
  return found;
}
