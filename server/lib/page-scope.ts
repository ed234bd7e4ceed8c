import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * A page the server renders asks the API several times in-process (server/lib/web-pages.ts). Its
 * calls name the page's request by an id nobody outside this process can know, kept only while the
 * page renders, so that what they would each read alike is read once for the page: the person's
 * session (./session.ts), whether the profile shown may be seen.
 */
const PAGE_HEADER = 'x-stoked-page';
const PROCESS_TOKEN = randomBytes(16).toString('hex');

type Scope = { page: FastifyRequest; reads: Map<string, Promise<unknown>> };
const scopes = new Map<string, Scope>();

/** Opens the scope of a page being rendered: its API calls carry `headers`; `end()` once it is rendered. */
export function openPageScope(page: FastifyRequest): { headers: Record<string, string>; end(): void } {
  const id = `${PROCESS_TOKEN}.${randomUUID()}`;
  scopes.set(id, { page, reads: new Map() });
  return { headers: { [PAGE_HEADER]: id }, end: () => scopes.delete(id) };
}

function scopeOf(request: FastifyRequest): Scope | undefined {
  const id = request.headers[PAGE_HEADER];
  return typeof id === 'string' ? scopes.get(id) : undefined;
}

/** The page request an in-process API call was made for, if it was made for one. */
export const pageOf = (request: FastifyRequest): FastifyRequest | undefined => scopeOf(request)?.page;

/**
 * `read()`, made once for all the API calls of the page `request` was made for (they run side by
 * side: the later ones wait for the first's answer), or for `request` alone when it is not a page's.
 * `key` names what is read and everything it depends on.
 */
export function readOncePerPage<T>(request: FastifyRequest, key: string, read: () => Promise<T>): Promise<T> {
  const scope = scopeOf(request);
  if (!scope) return read();
  let pending = scope.reads.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = read();
    scope.reads.set(key, pending);
  }
  return pending;
}

/**
 * Gives the page's other calls `answer` for `key`, found out by a read of more than they ask (an
 * item's own query tells whether it may be seen): the calls that come after need not read it again.
 * `key` must name what those calls would read, as for `readOncePerPage`; one already read is kept.
 * `answer` is asked only for a page's call.
 */
export function tellPage<T>(request: FastifyRequest, key: string, answer: () => Promise<T>): void {
  const scope = scopeOf(request);
  if (!scope || scope.reads.has(key)) return;
  const told = answer();
  // Its failure is the caller's to report (it awaits the read this comes from); a call that takes it over sees it too.
  told.catch(() => {});
  scope.reads.set(key, told);
}
