import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  FLUSH_OUTBOX,
  KEEP_ALL_CODE,
  staleCode,
  KEEP_LOADED,
  OUTBOX_DATABASE,
  OUTBOX_SYNC,
  MAP_TILES_CACHE,
  SAVED_DATABASE,
  SAVED_PICTURES_CACHE,
  SERVICE_WORKER_CACHES as CACHES,
  SESSION_CACHES,
  SESSION_HEADER,
  SESSION_MARKER_CACHE,
  sessionChanged,
  SITE_READS,
  SKIP_WAITING,
  tileCacheEntries,
  tileUrlPattern,
} from '../../common/offline.ts';
import type { PushPayload } from '../../common/push.ts';
import { asSent, indexedDbOutbox, isRetryLater, whileSendingAlone } from '../lib/outbox-store.ts';

/**
 * Stoked's service worker (built by scripts/service-worker-build.ts into /sw.js), so that the app
 * opens where the signal is weakest: the app's shell is kept at install; pages and the API's answers
 * come from the network first and, without it, from what was visited; pictures and the app's code
 * from what was kept. What is bound to a session (pages, API answers, pictures, map tiles, what was
 * saved for offline, actions waiting to be sent) is forgotten whenever a session starts or ends on this device,
 * or the server names another session than the one they were kept for. A new version waits until the person chooses to reload
 * (web/lib/service-worker.ts shows the prompt).
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[]; __STOKED_CODE: string[] };

const DAY = 24 * 60 * 60;
// Offline, what was kept answers whatever the request's cookies and languages (the server varies its
// answers on them): a language cookie set since must not hide the settings the shell needs.
const matchOptions = { ignoreVary: true };
// The network is asked first; past this a page or an answer kept earlier is shown instead.
const NETWORK_TIMEOUT_SECONDS = 5;
const SHELL = '/index.html';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first visit's page is this worker's at once: what it opens next is kept for offline.
clientsClaim();

// The site's settings too: the shell cannot start without them.
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHES.site).then((cache) => cache.addAll([...SITE_READS])));
});

const isCode = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith('/assets/');

/** The app's code the first page loaded before this worker ran: kept like what it fetches itself. */
async function keepLoaded(urls: unknown[]): Promise<void> {
  const cache = await caches.open(CACHES.code);
  const code = urls.flatMap((u) => {
    try {
      const url = new URL(String(u));
      return isCode(url) ? [url.href] : [];
    } catch {
      return [];
    }
  });
  await Promise.all(code.map(async (url) => (await cache.match(url)) ?? cache.add(url)));
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === SKIP_WAITING) void self.skipWaiting();
  else if (data?.type === KEEP_LOADED && Array.isArray(data.urls)) event.waitUntil(keepLoaded(data.urls));
  else if (data?.type === KEEP_ALL_CODE) {
    const answer = (kept: boolean) => event.ports[0]?.postMessage(kept);
    event.waitUntil(
      keepLoaded(self.__STOKED_CODE.map((url) => new URL(url, self.location.origin).href)).then(
        () => answer(true),
        () => answer(false),
      ),
    );
  }
});

// Logging in, out or signing up on this device: nothing kept for the previous session may show.
const SESSION_CHANGES = /^\/(?:actions\/(?:log-in|log-out|register)|api\/auth\/)/;
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method === 'GET' || url.origin !== self.location.origin || !SESSION_CHANGES.test(url.pathname)) return;
  // A plain form is answered with a redirect whatever happened (its message follows): what was kept
  // goes at once. A script's call tells: a refused one (a wrong password when changing it, say) leaves
  // the session, its saves and this browser's push as they were.
  if (event.request.mode === 'navigate') event.waitUntil(forgetSession());
  else event.respondWith(fetch(event.request).then(async (response) => (response.ok && (await forgetSession()), response)));
});

/** This browser's pushes were for the person signing out (whoever signs in turns push on again). */
function forgetSession(): Promise<unknown> {
  return Promise.all([forgetKept(), endPush()]);
}

/**
 * What was kept and saved for offline: all of it was read as the session that ends. And the actions
 * made offline that still wait (web/lib/outbox-store.ts): they are never sent as anyone else, but
 * what they say (a comment, a check-in at a secret spot) must not stay on a device another person
 * now uses (security checklist 46).
 */
function forgetKept(): Promise<unknown> {
  forgettings += 1;
  return Promise.all(
    [...SESSION_CACHES, SAVED_PICTURES_CACHE].map((name) => caches.delete(name)).concat(forgetDatabase(SAVED_DATABASE), forgetDatabase(OUTBOX_DATABASE)),
  );
}

/**
 * What a page asked for before the session ended may arrive after it was forgotten (a map's tiles
 * still loading when its rider logs out): each fetch notes how many forgettings came before it, and
 * is not kept if another came meanwhile. (A plugin's state is its own for each request it handles.)
 */
type Stamped = { state?: Record<string, unknown> };
let forgettings = 0;
const keptForItsSession = {
  handlerWillStart: async ({ state }: Stamped) => void (state && (state.forgettings = forgettings)),
  cacheWillUpdate: async ({ response, state }: Stamped & { response: Response }) => (state?.forgettings === forgettings ? response : null),
};

/**
 * A session may also end where this worker does not see it: on another device (a password changed
 * there ends this one), by expiring, by a ban. The server names the session each page and answer
 * was made for (SESSION_HEADER); when the name changes, what was kept for the previous one goes
 * before the new answer is kept (fetchDidSucceed runs before the strategy stores it). Not push: the
 * server ties each push subscription to its session and sends nothing for an ended one, and a name
 * that changes right after a sign-in must not turn off the push its person just turned on.
 */
const MARKER_KEY = '/session';
let knownSession: string | undefined;
let noting: Promise<void> = Promise.resolve();
function noteSession(seen: string | null): Promise<void> {
  if (seen === null || seen === knownSession) return noting;
  noting = noting
    .then(async () => {
      const cache = await caches.open(SESSION_MARKER_CACHE);
      // Kept across the worker's restarts: it is stopped whenever idle.
      knownSession ??= await (await cache.match(MARKER_KEY))?.text();
      if (seen === knownSession) return;
      const changed = sessionChanged(knownSession, seen);
      knownSession = seen;
      await cache.put(MARKER_KEY, new Response(seen));
      if (changed) await forgetKept();
    })
    .catch(() => undefined);
  return noting;
}
const sessionWatch = {
  ...keptForItsSession,
  fetchDidSucceed: async ({ response, state }: Stamped & { response: Response }) => {
    await noteSession(response.headers.get(SESSION_HEADER));
    // What it said was forgotten was the earlier session's: this answer is the session's now.
    if (state) state.forgettings = forgettings;
    return response;
  },
};

async function endPush(): Promise<boolean> {
  return (await self.registration.pushManager.getSubscription().catch(() => null))?.unsubscribe().catch(() => false) ?? false;
}

function forgetDatabase(name: string): Promise<boolean> {
  return new Promise((resolve) => {
    const deleting = indexedDB.deleteDatabase(name);
    deleting.onsuccess = deleting.onerror = deleting.onblocked = () => resolve(true);
  });
}

/** Only complete, shareable answers are kept: no error, no redirect, nothing the server said not to store. */
const keepable = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 && response.type === 'basic' && !/no-store/.test(response.headers.get('cache-control') ?? '') ? response : null,
};
const sameOrigin = (url: URL) => url.origin === self.location.origin;
// Live streams, calendar feeds (a secret address), sign-in and the admin are never kept.
const NEVER_KEPT = /^\/(?:api\/(?:live|auth|calendar|admin)|calendar|admin|sitemap|robots)/;

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && !NEVER_KEPT.test(url.pathname),
  new NetworkFirst({
    cacheName: CACHES.pages,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    matchOptions,
    plugins: [sessionWatch, keepable, new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * DAY })],
  }),
);

registerRoute(
  ({ request, url }) => request.method === 'GET' && sameOrigin(url) && (SITE_READS as readonly string[]).includes(url.pathname),
  new NetworkFirst({
    cacheName: CACHES.site,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    matchOptions,
    plugins: [sessionWatch, keepable, { cacheDidUpdate: () => readTileSettings() }],
  }),
);

registerRoute(
  ({ request, url }) => request.method === 'GET' && sameOrigin(url) && url.pathname.startsWith('/api/') && !NEVER_KEPT.test(url.pathname),
  new NetworkFirst({
    cacheName: CACHES.api,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    matchOptions,
    plugins: [sessionWatch, keepable, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY })],
  }),
);

// Before the site's own pictures: a tile server may be this site.
// Map tiles viewed stay on the device for offline use, within the site's budget (MAP_TILE_CACHE_MB):
// the tile server's address and the budget are read from the site's settings this worker keeps.
let tiles: { pattern: RegExp; strategy: CacheFirst } | null = null;
let tilesRead = '';
async function readTileSettings(): Promise<void> {
  const kept = await caches.open(CACHES.site).then((cache) => cache.match('/api/settings', matchOptions));
  const settings = (await kept?.json().catch(() => null)) as { mapTileUrl?: unknown; mapTileCacheMb?: unknown } | null | undefined;
  if (typeof settings?.mapTileUrl !== 'string' || typeof settings.mapTileCacheMb !== 'number') return;
  const read = `${settings.mapTileUrl} ${settings.mapTileCacheMb}`;
  if (read === tilesRead) return;
  tilesRead = read;
  const entries = tileCacheEntries(settings.mapTileCacheMb);
  if (entries === 0) {
    tiles = null;
    await caches.delete(MAP_TILES_CACHE);
    return;
  }
  tiles = {
    pattern: tileUrlPattern(settings.mapTileUrl),
    strategy: new CacheFirst({
      cacheName: MAP_TILES_CACHE,
      plugins: [
        // Asked with CORS (tile servers allow it), so that the answer can be kept and counted; a
        // server that does not allow it still draws its tile (an opaque answer, not kept).
        { requestWillFetch: async ({ request }) => new Request(request.url, { mode: 'cors', credentials: 'omit' }) },
        { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
        keptForItsSession,
        { handlerDidError: async ({ request }) => fetch(request.url, { mode: 'no-cors' }).catch(() => undefined) },
        new ExpirationPlugin({ maxEntries: entries, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
      ],
    }),
  };
}
void readTileSettings();
self.addEventListener('activate', (event) => event.waitUntil(Promise.all([readTileSettings(), forgetOldCode()])));

/** The code of earlier builds, kept for a save or a visit: gone once this build is in charge. */
async function forgetOldCode(): Promise<void> {
  const cache = await caches.open(CACHES.code);
  const kept = (await cache.keys()).map((request) => request.url);
  await Promise.all(staleCode(kept, self.__STOKED_CODE).map((url) => cache.delete(url)));
}
registerRoute(
  ({ request, url }) => tiles !== null && request.destination === 'image' && tiles.pattern.test(url.href),
  (options) => tiles!.strategy.handle(options),
);

/** Offline, a picture saved with a discipline or a place (web/lib/saved-offline.ts) when none was kept otherwise. */
const fromSaved = {
  handlerDidError: async ({ request }: { request: Request }) => (await caches.open(SAVED_PICTURES_CACHE).then((cache) => cache.match(request))) ?? undefined,
};

// The app's code is named by its content: what was loaded once never changes.
registerRoute(
  ({ url }) => isCode(url),
  new CacheFirst({ cacheName: CACHES.code, plugins: [keepable, new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * DAY })] }),
);

registerRoute(
  ({ request, url }) => sameOrigin(url) && request.destination === 'image',
  new StaleWhileRevalidate({
    cacheName: CACHES.pictures,
    plugins: [keepable, keptForItsSession, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }), fromSaved],
  }),
);

// A page never visited, offline: the app's shell, which says what it cannot reach.
setCatchHandler(async ({ request }) => (request.mode === 'navigate' ? ((await matchPrecache(SHELL)) ?? Response.error()) : Response.error()));

// Web Push (issue 21, item 4): the server sends what the bell shows, already in the person's language.
self.addEventListener('push', (event) => {
  const payload = readPush(event.data);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      lang: payload.lang,
      dir: payload.dir,
      icon: '/icons/icon-192.png',
      data: { url: payload.url },
    }),
  );
});

function ownUrl(given: unknown): string {
  try {
    const url = new URL(typeof given === 'string' ? given : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin;
  } catch {
    return self.location.origin;
  }
}

function readPush(data: PushMessageData | null): PushPayload | null {
  try {
    const payload = data?.json() as Partial<PushPayload> | undefined;
    return typeof payload?.title === 'string' && typeof payload.body === 'string' ? (payload as PushPayload) : null;
  } catch {
    return null;
  }
}

// A tap opens what the notification is about, in a window of the app already open when there is one;
// only this site's addresses are opened.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = ownUrl((event.notification.data as { url?: unknown } | null)?.url);
  // A window already there is focused; else a new one opens (one in use is never navigated away,
  // a half-written message in it would be lost).
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const same = windows.find((w) => w.url === url);
      await (same ? same.focus() : self.clients.openWindow(url));
    }),
  );
});

// Background Sync (issue 21, item 3): what a rider did offline is sent when the connection returns,
// even with no page of the site open. An open page sends it itself (it tells what went and what was
// refused); else the worker does, as the person signed in on this device, and keeps each refusal's
// reason for the page to tell at the next visit. No connection: the browser tries again later.
// (SyncEvent is not in TypeScript's worker types.)
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag === OUTBOX_SYNC) sync.waitUntil(syncOutbox());
});

async function syncOutbox(): Promise<void> {
  const [open] = await self.clients.matchAll({ type: 'window' });
  if (open) return open.postMessage({ type: FLUSH_OUTBOX });
  await whileSendingAlone(sendOutbox);
}

async function sendOutbox(): Promise<void> {
  const me = (await (await fetch('/api/me', { headers: { accept: 'application/json' } })).json()) as { user?: { id?: string } | null };
  const userId = me.user?.id;
  // Nobody signed in here now: the actions wait for their person.
  if (!userId) return;
  for (const action of await indexedDbOutbox.all()) {
    if (action.userId !== userId || action.refused) continue;
    const body = asSent(action, Date.now());
    const res = await fetch(action.path, {
      method: action.method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (res.ok) {
      await indexedDbOutbox.remove(action.id);
      continue;
    }
    // The server failing is no answer: tried again later, in order.
    if (isRetryLater(res.status)) throw new Error(`outbox: ${res.status}`);
    const answer = (await res.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
    const code = typeof answer?.code === 'string' ? answer.code : 'INTERNAL_ERROR';
    await indexedDbOutbox.put({ ...action, refused: { status: res.status, code, message: typeof answer?.message === 'string' ? answer.message : code } });
  }
}
