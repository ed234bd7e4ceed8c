/**
 * The service worker's address and the names the page and the worker share (web/sw/service-worker.ts,
 * web/lib/service-worker.ts; the server sends the worker uncached).
 */
export const SERVICE_WORKER_PATH = '/sw.js';

/** The message by which the page lets a waiting new version take over (after the person chose to reload). */
export const SKIP_WAITING = 'SKIP_WAITING';

/**
 * The message by which the page hands the worker the code it loaded before the worker was there
 * (the first visit's language and page chunks), so that they are kept for offline use too.
 */
export const KEEP_LOADED = 'KEEP_LOADED';

/**
 * The message by which a save for offline asks the worker to keep all the app's code: the saved pages'
 * chunks, and what they load only later (a spot's map). The worker answers on the message's port once
 * it is kept (true) or could not be (false).
 */
export const KEEP_ALL_CODE = 'KEEP_ALL_CODE';

/**
 * Of the code kept (addresses), what the build in charge no longer has (`build`: its /assets/ paths):
 * a new version's worker removes it when it takes over, since code kept for a save carries no date
 * its cache's expiry could go by.
 */
export function staleCode(kept: string[], build: readonly string[]): string[] {
  const current = new Set(build);
  return kept.filter((url) => !current.has(new URL(url, 'http://x').pathname));
}

export const SERVICE_WORKER_CACHES = {
  pages: 'stoked-pages',
  api: 'stoked-api',
  code: 'stoked-code',
  pictures: 'stoked-pictures',
  /** The site's settings, categories and disciplines: the same for everyone. */
  site: 'stoked-site',
} as const;

/** Read by the app before anything else when it starts without a page from the server (offline, say). */
export const SITE_READS = ['/api/settings', '/api/categories', '/api/disciplines'] as const;

/**
 * What a person saved for offline ("Save offline" on a discipline or a place): the pages' data in
 * IndexedDB (web/lib/saved-offline.ts), their card-size pictures in a cache of their own. Bound to
 * the session that saved them, like the pages kept: forgotten when a session starts or ends.
 */
export const SAVED_DATABASE = 'stoked-saved';
export const SAVED_PICTURES_CACHE = 'stoked-saved-pictures';

/** Map tiles viewed are kept for offline use within the site's budget (settings' mapTileCacheMb). */
export const MAP_TILES_CACHE = 'stoked-map-tiles';

/**
 * What a session saw: forgotten when a session starts or ends on the device (with what was saved for
 * offline, above). The pictures too: a secret spot's photos are among them, at addresses that open
 * for whoever holds them (issue 37). And the map tiles: public, but the places a rider looked at
 * closely (their secret spots') can be read from them. What stays is the same for everyone and tells
 * nothing of anyone: the app's code, its shell (the precache) and the site's settings (SITE_READS).
 */
export const SESSION_CACHES = [SERVICE_WORKER_CACHES.pages, SERVICE_WORKER_CACHES.api, SERVICE_WORKER_CACHES.pictures, MAP_TILES_CACHE] as const;
/** The caches that outlive a session, each for the reason above. */
export const SHARED_CACHES = [SERVICE_WORKER_CACHES.code, SERVICE_WORKER_CACHES.site] as const;

/**
 * The header by which the server names the session a page or an answer was made for ('none' for
 * nobody; else an opaque name of the session): the worker forgets what it kept when it changes, which
 * is how it learns of a session that ended elsewhere (a password changed on another device, an
 * expiry, a ban). It remembers the last one in a cache of its own.
 */
export const SESSION_HEADER = 'x-stoked-session';
export const SESSION_MARKER_CACHE = 'stoked-session';

/** Whether the session named by `seen` ends what was kept under `known` (the first seen ends nothing: nothing was kept under another). */
export const sessionChanged = (known: string | undefined, seen: string | null): boolean => seen !== null && known !== undefined && seen !== known;
// A map tile weighs 10–40 KB: the budget is kept as this many tiles of the average weight.
const AVERAGE_TILE_BYTES = 25_000;
export const tileCacheEntries = (megabytes: number) => Math.floor((Math.max(0, megabytes) * 1_000_000) / AVERAGE_TILE_BYTES);

/** The addresses a Leaflet tile template ({s}, {z}, {x}, {y}, {r}) stands for, as a pattern. */
export function tileUrlPattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const pattern = escaped
    .replace(/\{s\}/g, '[a-z0-9-]+')
    .replace(/\{[zxy]\}/g, '\\d+')
    .replace(/\{r\}/g, '(?:@2x)?')
    .replace(/\{[^}]*\}/g, '[^/?#]*');
  return new RegExp(`^${pattern}$`);
}

/**
 * Actions made offline (web/lib/outbox-store.ts), and the Background Sync tag by which the worker
 * sends them. Forgotten, like SESSION_CACHES, when a session starts or ends on the device.
 */
export const OUTBOX_DATABASE = 'stoked-outbox';
export const OUTBOX_SYNC = 'stoked-outbox';
/** The worker's message asking an open page to send them itself (it shows what went and what was refused). */
export const FLUSH_OUTBOX = 'FLUSH_OUTBOX';
