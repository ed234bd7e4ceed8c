import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import FindMyWay from 'find-my-way';
import { parse as parseQuery } from 'fast-querystring';
import { z } from 'zod';
import { ERROR_MESSAGES } from '../../common/error-codes.ts';
import { ADMIN_PREFIX } from './admin-guard.ts';
import { contextOf, type Ctx } from './context.ts';
import { errorAnswer, refusedFields, type ErrorAnswer } from './error-handler.ts';
import type { CachePolicy } from './http-cache.ts';

/**
 * Reads (docs/decisions/0017): each GET of the JSON API is one function of its feature,
 * `(ctx, input) → result`. `read()` registers its route, and keeps it where a page rendered by the
 * server finds it by the same address (`readDirect`): a page's loaders call the function itself,
 * with the page's context, and get its result as data — no request, no JSON, no thread between.
 */

type Input<P extends z.ZodType, Q extends z.ZodType> = { params: z.output<P>; query: z.output<Q> };
type Run = (ctx: Ctx, input: Input<z.ZodType, z.ZodType>) => Promise<unknown>;
type Definition = { params?: z.ZodType; query?: z.ZodType; response: z.ZodType; run: Run; siteWide: boolean; admin: boolean };

export type ReadOptions<P extends z.ZodType, Q extends z.ZodType, R extends z.ZodType> = {
  tags: string[];
  params?: P;
  query?: Q;
  response: R;
  /** How its answers may be kept (server/lib/http-cache.ts); `private` when not said. */
  cache?: CachePolicy;
  /** Seconds a visitor may keep a `public` answer without asking again. */
  maxAge?: number;
  /** Left out of the API's document. */
  hide?: boolean;
  /**
   * What every page shows of the site, the same for everyone (the settings, the categories): a page
   * takes the answer kept by this process while the site-wide version (migration 0030) is unchanged.
   * Its function reads nothing but the tables whose triggers bump that version, and no viewer.
   */
  siteWide?: boolean;
};

/** The reads of an app by address; `watch` sees each address a page reads (tests, bench:pages). */
export class ReadTable {
  readonly router = FindMyWay({ ignoreTrailingSlash: true });
  /** Site-wide answers by the read they answer (none takes an input), with the version they were read at. */
  readonly kept = new WeakMap<object, { version: number; data: unknown }>();
  private readonly watchers = new Set<(url: string) => void>();
  watch(watcher: (url: string) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }
  asked(url: string): void {
    for (const watcher of this.watchers) watcher(url);
  }
}

/** Gives `app` (and every plugin registered in it afterwards) its table of reads; once, before the features. */
export function registerReads(app: FastifyInstance): void {
  app.decorate('reads', new ReadTable());
}

/** Registers the read at `path`: its JSON route, and the function a page's loader calls. */
export function read<P extends z.ZodType = z.ZodObject<{}>, Q extends z.ZodType = z.ZodObject<{}>, R extends z.ZodType = z.ZodType>(
  app: FastifyInstance,
  path: string,
  options: ReadOptions<P, Q, R>,
  run: (ctx: Ctx, input: Input<P, Q>) => Promise<z.input<R>>,
): void {
  const { tags, params, query, response, cache, maxAge, hide, siteWide = false } = options;
  app.withTypeProvider<ZodTypeProvider>().get(
    path,
    {
      config: { ...(cache ? { cache } : {}), ...(maxAge === undefined ? {} : { maxAge }) },
      schema: { tags, ...(hide ? { hide } : {}), ...(params ? { params } : {}), ...(query ? { querystring: query } : {}), response: { 200: response } },
    },
    // Fastify's types cannot follow a generic response schema: the route sees what `run` promises.
    (request) => run(contextOf(request), { params: request.params as z.output<P>, query: request.query as z.output<Q> }) as never,
  );
  // Decided on the route as registered, never on an address asked: the admin guard's prefix.
  const definition: Definition = { params, query, response, run: run as Run, siteWide, admin: path.startsWith(ADMIN_PREFIX) };
  app.reads.router.on('GET', path, () => {}, definition);
}

const siteWideVersion = async (ctx: Ctx): Promise<number> => (await ctx.db.selectFrom('site_wide_version').select('version').executeTakeFirstOrThrow()).version;

export type ReadAnswer = { ok: true; data: unknown } | ({ ok: false } & ErrorAnswer);

const NOT_FOUND: ErrorAnswer = { status: 404, headers: {}, body: { code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND } };

function parsed(schema: z.ZodType | undefined, value: unknown): { ok: true; value: unknown } | { ok: false; answer: ErrorAnswer } {
  if (!schema) return { ok: true, value };
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, answer: refusedFields(result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))) };
}

/**
 * The read at `url` (path and query) for `ctx`, as its JSON route answers it but as data: the same
 * validation of its address, the same function, the same fields of the answer (its response schema
 * encodes it, which leaves out whatever the schema does not name), the same failures.
 */
export async function readDirect(app: FastifyInstance, ctx: Ctx, url: string): Promise<ReadAnswer> {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  app.reads.asked(url);
  const found = app.reads.router.find('GET', path);
  if (!found) return { ok: false, ...NOT_FOUND };
  const definition = found.store as Definition;
  try {
    // As the admin guard of every /api/admin/ route (server/lib/admin-guard.ts), before the input is read.
    if (definition.admin) await ctx.requireAdmin();
    const params = parsed(definition.params, { ...found.params });
    if (!params.ok) return { ok: false, ...params.answer };
    const query = parsed(definition.query, mark === -1 ? {} : parseQuery(url.slice(mark + 1)));
    if (!query.ok) return { ok: false, ...query.answer };
    const answer = async () => z.encode(definition.response, (await definition.run(ctx, { params: params.value, query: query.value })) as never);
    if (!definition.siteWide) return { ok: true, data: await answer() };
    // Read before the answer: a change made meanwhile leaves a later version, and the next page reads afresh.
    const version = await ctx.once('site-wide-version', () => siteWideVersion(ctx));
    const kept = app.reads.kept.get(definition);
    // The same object page after page: the page's state writes its JSON once (web/ssr-state-element.ts).
    if (kept?.version === version) return { ok: true, data: kept.data };
    const data = await answer();
    app.reads.kept.set(definition, { version, data });
    return { ok: true, data };
  } catch (error) {
    return { ok: false, ...errorAnswer(error as Parameters<typeof errorAnswer>[0], app.log) };
  }
}
