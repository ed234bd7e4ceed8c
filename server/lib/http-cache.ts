import { createHash } from 'node:crypto';
import path from 'node:path';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { FLASH_COOKIE } from '../../common/forms.ts';
import { LANGUAGE_COOKIE } from '../../common/languages.ts';
import { hasSession } from './session.ts';

/**
 * - `public`: an anonymous read of data anyone may see; the same answer for every anonymous visitor.
 * - `private`: depends on who asks (a session cookie, or a route that only answers for its user).
 * - `no-store`: authentication and session data, never kept anywhere.
 */
export type CacheKind = 'public' | 'private' | 'no-store';

/**
 * What a route declares in `config.cache` (typed in server/lib/fastify.d.ts), next to its handler,
 * so that no list elsewhere has to mirror the routes: `private` when it says nothing (the safe
 * default), `public` only for reads anyone may see, and `stream` for an answer this hook must leave
 * alone (the SSE stream sends its own headers and is never buffered). A request with a session is
 * answered private whatever the route declares, unless it declared no-store.
 */
export type CachePolicy = CacheKind | 'stream';

/** A route's declared policy; `private` unless it says otherwise. */
export function declaredPolicy(config: FastifyContextConfig | undefined): CachePolicy {
  return config?.cache ?? 'private';
}

/**
 * Wraps the OpenAPI transform so that the document states each read's declared policy (`x-cache`,
 * and `x-cache-max-age` when it sets one): API clients learn how they may keep an answer, and
 * server/cache-policy.test.ts checks that every route really sends what its declaration says.
 */
export function documentingCachePolicy<S extends FastifySchema>(transform: SwaggerTransform<S>): SwaggerTransform<S> {
  return (input) => {
    const transformed = transform(input);
    if (![input.route.method].flat().includes('GET')) return transformed;
    const config = input.route.config;
    const maxAge = config?.maxAge === undefined ? {} : { 'x-cache-max-age': config.maxAge };
    return { ...transformed, schema: { ...transformed.schema, 'x-cache': declaredPolicy(config), ...maxAge } };
  };
}

const CACHE_CONTROL: Record<CacheKind, string> = {
  public: 'public, max-age=0, must-revalidate',
  private: 'private, no-cache',
  'no-store': 'no-store',
};

const MAX_ENTRIES = 1000;
/** The methods that may change what reads answer: the cache and the page renderer drop what they kept after one. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The request's path as the router reads it: percent-decoded, without its query. */
function decodedPath(request: FastifyRequest): string {
  const raw = request.url.split('?')[0]!;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * A GET for one of the web app's pages: no route matched it (API routes and built files are
 * routes) and, read as the router reads paths, it is neither under /api nor a file. Never decided
 * on the raw string: `/%61pi/me` is the API's `/api/me`.
 */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' || request.routeOptions.url !== undefined) return false;
  const decoded = decodedPath(request);
  return !/^\/+api(\/|$)/i.test(decoded) && !path.extname(decoded);
}

export function cacheKindOf(request: FastifyRequest): CacheKind | undefined {
  // A page a visitor gets is the same for every visitor with the same language (server/lib/web-pages.ts),
  // unless it carries the message of a form the visitor just sent, which is theirs alone.
  if (isPageRequest(request)) return hasSession(request) || request.cookies?.[FLASH_COOKIE] !== undefined ? 'private' : 'public';
  if (!request.routeOptions.url?.startsWith('/api/')) return undefined;
  const declared = declaredPolicy(request.routeOptions.config);
  if (declared === 'stream') return undefined;
  if (declared === 'no-store') return 'no-store';
  return hasSession(request) ? 'private' : declared;
}

/** The Cache-Control a route's answer goes out with: its declared max-age holds for public answers only. */
function cacheControlOf(kind: CacheKind, config: FastifyContextConfig | undefined): string {
  return kind === 'public' && config?.maxAge !== undefined ? `public, max-age=${config.maxAge}` : CACHE_CONTROL[kind];
}

/** A weak validator: equal bodies give equal tags, so every server process agrees on it. */
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** The compression a client takes for a page: brotli, else gzip, else none (''). */
export function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | '' {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : '';
}

/**
 * What an anonymous answer depends on besides its URL: the language (asked for by the browser, and
 * the one the site is read in, which orders names: server/lib/reader-language.ts), and for a page,
 * its compression.
 */
function cacheKey(request: FastifyRequest): string {
  const base = `${request.url}\n${request.headers['accept-language'] ?? ''}\n${request.cookies[LANGUAGE_COOKIE] ?? ''}`;
  return isPageRequest(request) ? `${base}\n${acceptedEncoding(request)}` : base;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.slice(2);
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === opaque || t === `W/${opaque}`;
  });
}

type Entry = { body: string | Buffer; etag: string; contentType: string; contentEncoding?: string; cacheControl: string; refreshAt: number; expires: number };
type Computation = { promise: Promise<Entry | undefined>; resolve: (entry: Entry | undefined) => void; settled: boolean };
type State = { kind: CacheKind; key?: string; generation: number; hit?: boolean; computation?: Computation };

function addVary(reply: FastifyReply, ...names: string[]) {
  const current = reply.getHeader('vary');
  const list = current
    ? String(current)
        .split(',')
        .map((s) => s.trim())
    : [];
  for (const name of names) if (!list.some((v) => v.toLowerCase() === name.toLowerCase())) list.push(name);
  reply.header('vary', list.join(', '));
}

/**
 * HTTP caching of the JSON API and of the pages rendered for visitors: a weak ETag on every read (304 on If-None-Match), Cache-Control by
 * kind of answer, and a short in-process cache of anonymous public reads (`ttlSeconds`, 0 = off).
 * A successful write on this process empties that cache at once; other processes serve an entry
 * until it expires, which is the documented bound on staleness with several servers.
 */
export function registerHttpCache(app: FastifyInstance, ttlSeconds: number): { clear(): void } {
  const entries = new Map<string, Entry>();
  // One request computes a missing or ageing entry; the others asking for it meanwhile wait for its answer.
  const computing = new Map<string, Computation>();
  const states = new WeakMap<FastifyRequest, State>();
  // Bumped by every write: a read that started before it must not store what it computed.
  let generation = 0;
  const clear = () => {
    generation += 1;
    entries.clear();
    computing.clear();
  };

  const compute = (state: State) => {
    let resolve!: Computation['resolve'];
    const promise = new Promise<Entry | undefined>((r) => (resolve = r));
    state.computation = { promise, resolve, settled: false };
    computing.set(state.key!, state.computation);
  };
  const settle = (state: State, entry: Entry | undefined) => {
    const c = state.computation;
    if (!c || c.settled) return;
    c.settled = true;
    if (computing.get(state.key!) === c) computing.delete(state.key!);
    c.resolve(entry);
  };
  const serve = (request: FastifyRequest, reply: FastifyReply, state: State, entry: Entry) => {
    state.hit = true;
    reply.header('cache-control', entry.cacheControl).header('etag', entry.etag);
    addVary(reply, 'Cookie', 'Accept-Language');
    if (entry.contentEncoding) addVary(reply, 'Accept-Encoding');
    if (matches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    if (entry.contentEncoding) reply.header('content-encoding', entry.contentEncoding);
    return reply.header('content-type', entry.contentType).send(entry.body);
  };

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET') return;
    const kind = cacheKindOf(request);
    if (!kind) return;
    const state: State = { kind, generation };
    states.set(request, state);
    if (kind !== 'public' || ttlSeconds <= 0) return;
    const key = (state.key = cacheKey(request));
    const now = Date.now();
    let entry = entries.get(key);
    if (entry && entry.expires <= now) {
      entries.delete(key);
      entry = undefined;
    }
    if (entry) {
      // Past half its life one request recomputes it while the others are still served the entry,
      // so that readers do not all wait at once when it expires; none is served past its TTL.
      if (now >= entry.refreshAt && !computing.has(key)) compute(state);
      else return serve(request, reply, state, entry);
      return;
    }
    const pending = computing.get(key);
    if (!pending) return compute(state);
    const shared = await pending.promise;
    // Nothing to share (an error, a write meanwhile): this request runs the route itself, uncached.
    if (shared) return serve(request, reply, state, shared);
    state.generation = -1;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (WRITE_METHODS.has(request.method)) {
      // A plain form's answer is a redirect (303) whatever its outcome: it may have changed something.
      if (reply.statusCode >= 200 && reply.statusCode < 400) clear();
      // What a write answers with (a new session, a generated secret) is kept nowhere either.
      if (declaredPolicy(request.routeOptions.config) === 'no-store') reply.header('cache-control', CACHE_CONTROL['no-store']);
      return payload;
    }
    const state = states.get(request);
    if (!state || state.hit) return payload;
    // The declaration decides; a no-store the handler (or better-auth) set anyway is never loosened.
    const ownNoStore = String(reply.getHeader('cache-control') ?? '').includes('no-store');
    const cacheControl = ownNoStore ? CACHE_CONTROL['no-store'] : cacheControlOf(state.kind, request.routeOptions.config);
    reply.header('cache-control', cacheControl);
    if (state.kind === 'public') addVary(reply, 'Cookie', 'Accept-Language');
    if (reply.statusCode !== 200 || ownNoStore || state.kind === 'no-store' || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      settle(state, undefined);
      return payload;
    }

    // Where the answer is kept for others, if it is.
    const key = state.generation === generation && !reply.hasHeader('set-cookie') ? state.key : undefined;
    const etag = weakEtag(payload);
    reply.header('etag', etag);
    let entry: Entry | undefined;
    if (key !== undefined) {
      const now = Date.now();
      entry = {
        body: payload,
        etag,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        contentEncoding: reply.hasHeader('content-encoding') ? String(reply.getHeader('content-encoding')) : undefined,
        cacheControl,
        refreshAt: now + (ttlSeconds * 1000) / 2,
        expires: now + ttlSeconds * 1000,
      };
      if (!entries.has(key) && entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
    }
    settle(state, entry);
    if (matches(request.headers['if-none-match'], etag)) {
      reply.code(304).removeHeader('content-type');
      return null;
    }
    return payload;
  });

  // Whatever happened to the computing request (aborted, failed before sending), its waiters go on.
  app.addHook('onResponse', async (request) => {
    const state = states.get(request);
    if (state) settle(state, undefined);
  });

  return { clear };
}
