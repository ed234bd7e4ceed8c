import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptedLanguages, isLanguageCode, LANGUAGE_COOKIE, LANGUAGE_PARAM, webManifestPath, type LanguageCode } from '../../common/languages.ts';
import { ERROR_MESSAGES } from '../../common/error-codes.ts';
import { SERVICE_WORKER_PATH } from '../../common/offline.ts';
import { parseFlash } from '../../common/forms.ts';
import type { PageRequest, RenderedPage } from '../../web/entry-server.tsx';
import type { ApiResponse } from '../../web/lib/api.ts';
import { takeFlash } from './forms.ts';
import { currentUser, hasSession } from './session.ts';
import { openPageScope } from './page-scope.ts';
import { readInProcess, type InProcessRead } from './in-process.ts';
import { acceptedEncoding, FRESH_READ, isPageRequest, WRITE_METHODS } from './http-cache.ts';
import { redactUrl } from './log-redaction.ts';
import { queueGate } from './queue-gate.ts';
import { startRenderThreads } from './render-threads.ts';
import { pageScripts, readManifest } from './build-manifest.ts';
import { escapeAttribute, shareTags } from './share-preview.ts';

/** Where the page renderer of a web build in `webDist` is built (scripts/build-web.ts) and looked for. */
export const pageRendererOf = (webDist: string) => path.join(`${webDist}-server`, 'entry-server.js');

type RenderPage = (request: PageRequest) => Promise<RenderedPage>;
type Page = Extract<RenderedPage, { kind: 'page' }>;

// A page not rendered by then is sent as the bare app, which draws it in the browser; its render
// is stopped, not left to use the CPU for nobody. `x-render: shell` tells benchmarks it happened.
const RENDER_DEADLINE_MS = 2000;
// Pages rendered at once; the others wait their turn. Rendered all at once, 64 pages in flight held
// their loaders' data and React trees together: the collector took the second core and a page cost
// 25 ms of CPU instead of 8. The hub at 64 connections (2-core machine, PostgreSQL, cache off, the
// same run each): unlimited 93 pages/s with p99 4.5 s; 1 at a time 199/s, p99 0.6 s; 2 at a time
// 216/s, p99 0.45 s; 3 161/s; 4 194/s. Two lets one page's data loads overlap another's render.
// With a render thread the main thread only answers their data, and more may overlap: 2, 4 and 6
// at a time gave the events list 76/78, 75/71 and 79/83 pages/s, the profile 44/52, 55/45, 69/53,
// the hub 188/215, 202/186, 250/204 (two runs each, a slower 2-core machine). Six against twelve,
// later, in 16 interleaved pairs: twelve won 13 (e.g. hub 320/428 and 306/356, signed-in home
// 121/183 and 114/174, profile 153/195 and 129/190 pages/s), six won 3 (events list 208/196 and
// 213/199, team 400/306). Probably, six were often all waiting for their data at once.
const renderConcurrency = (threads: number) => (threads > 0 ? 6 * (threads + 1) : 2);
const NO_BODY = new Set([204, 205, 304]);

/** The language the page's address names (`?lang=`), if it names one of ours. */
function askedLanguage(request: FastifyRequest): LanguageCode | undefined {
  const asked = (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_PARAM];
  return isLanguageCode(asked) ? asked : undefined;
}

/**
 * The built index.html with a rendered page in it; `pageUrl` is its absolute address without the
 * query, `named` whether the address named its language (then that is the page's own address).
 */
export function fillTemplate(template: string, page: Page, pageUrl: string, named = false, scriptsOf: (modules: readonly string[]) => string[] = () => []): string {
  let html = template
    .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${page.lang}" dir="${page.dir}">`)
    .replace(/<link rel="manifest" href="[^"]*"/, `<link rel="manifest" href="${webManifestPath(page.lang)}"`)
    // The settings come with the page; the app fetches them only when it starts without it.
    .replace(/<link rel="preload" href="\/api\/settings"[^>]*>\s*/, '')
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, entry: string) => {
      // The page shows without its scripts, which would share the phone's bandwidth and main thread
      // with the page's first paint: web/public/paint-first.js fetches and starts them once it is drawn.
      // Then the page's own code and strings, which its hydration waits for (server/lib/build-manifest.ts).
      const preloads = [...entryPreloads(template), ...scriptsOf(page.modules)];
      return `<script defer src="/paint-first.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`;
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace('</head>', () => `${page.head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${page.state}`);
  if (page.meta) {
    html = html
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(page.meta!.title)}</title>`)
      .replace(/<meta name="description" content="[^"]*"/, () => `<meta name="description" content="${escapeAttribute(page.meta!.description)}"`)
      .replace('</head>', () => `${shareTags(page.meta!, page.lang, pageUrl, page.languages, named)}</head>`);
  }
  return html;
}

/** The modules the built index.html has the browser fetch with its entry. */
const entryPreloads = (template: string) => [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);

async function loadRenderer(app: FastifyInstance, entry: string): Promise<RenderPage | undefined> {
  if (!existsSync(entry)) return undefined;
  if (app.config.renderThreads > 0) {
    const threads = await startRenderThreads(entry, app.config.renderThreads, app.log);
    if (threads) {
      app.addHook('onClose', () => threads.close());
      return threads.render;
    }
    app.log.error('No render thread could start; the main thread renders pages');
  }
  try {
    const module = (await import(pathToFileURL(entry).href)) as { renderPage: RenderPage; warmUp?: () => Promise<void> };
    // Every page's code is loaded before the first request rather than by it: loading a page's
    // modules took its first render past the deadline on a busy machine (the bare app was sent).
    await module.warmUp?.();
    return module.renderPage;
  } catch (error) {
    app.log.error({ err: error }, 'The page renderer could not be loaded; pages are drawn in the browser');
    return undefined;
  }
}

const headerValue = (value: string | string[] | number | undefined) => (value === undefined ? null : Array.isArray(value) ? value.join(', ') : String(value));

/**
 * Answers a page's API calls in-process, as for the person asking: a visitor's only with the page's
 * language (its cookie and Accept-Language), in which the API orders names as the browser will
 * later; a signed-in person's with their cookies, so the page shows what they may see.
 */
export function pageFetch(app: FastifyInstance, page: FastifyRequest, language: string | undefined, shared: Record<string, string>) {
  const cookie = hasSession(page) ? page.headers.cookie : language ? `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}` : undefined;
  const languageHeaders = {
    ...(page.headers['accept-language'] ? { 'accept-language': page.headers['accept-language'] } : {}),
    ...(cookie ? { cookie } : {}),
    ...(page.headers.authorization ? { authorization: page.headers.authorization } : {}),
  };
  // Fresh data: the page itself is then kept for the cache's TTL, and no longer.
  const headers = { accept: 'application/json', ...languageHeaders, ...shared, [FRESH_READ.header]: FRESH_READ.token };
  return async (url: string, init: RequestInit): Promise<ApiResponse> => {
    // A render only reads (its route's loaders): a write asked for while rendering is refused, never sent.
    if ((init.method ?? 'GET') !== 'GET') throw new Error(`A page render only reads; it asked to ${init.method} ${url}`);
    const answer = await app.readInProcess({ url, headers, remoteAddress: page.ip });
    // The answer as it is, without a fetch Response's streams around its body.
    const body = NO_BODY.has(answer.statusCode) ? '' : answer.body;
    return {
      ok: answer.statusCode >= 200 && answer.statusCode < 300,
      status: answer.statusCode,
      statusText: answer.statusMessage,
      text: async () => body,
      headers: { get: (name: string) => headerValue(answer.headers[name.toLowerCase()]) },
    };
  };
}

/**
 * Pages are compressed for each answer (a visitor's page is then kept compressed by the HTML cache):
 * brotli 3 and gzip 4 cost a page about a third of brotli 5's CPU for some 1 KB more (a 40 KB events
 * list: 1.9 against 5.3 ms, 10.0 against 8.9 KB, measured on the 2-core machine under load).
 *
 * On this thread, not zlib's thread pool: brotli takes a 30–40 KB page 0.2 ms, while the pool's
 * threads took 1.2–1.6 ms of CPU a page with the hand-over (a pool thread woken, a stream of chunks,
 * the callback) and 0.2–0.4 ms without it, the main thread 0.1–0.3 ms more (per-thread CPU at 64
 * connections, interleaved runs, 2-core machine). The encoder is told the size and given a 256 KB
 * window instead of 4 MB: the same bytes out for a page, less memory to set up.
 */
const BROTLI_QUALITY = 3;
const BROTLI_WINDOW_BITS = 18;
const GZIP_LEVEL = 4;

function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie').header('x-render', 'full');
  const encoding = acceptedEncoding(request);
  if (!encoding) return reply.send(html);
  const bytes = Buffer.from(html);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(bytes, { level: GZIP_LEVEL }));
  const params = { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
  return reply.header('content-encoding', 'br').send(brotliCompressSync(bytes, { params }));
}

/**
 * The web app: its built files, and every other GET that is not an API call answered with the app.
 * Every page comes rendered by the server (web/entry-server.tsx), for visitors and signed-in people,
 * and the browser hydrates it; a render that fails or is late is the bare app. Visitors' pages are
 * kept like the API's anonymous answers; a signed-in person's never (server/lib/http-cache.ts).
 */
export async function registerWebPages(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  const hasWeb = existsSync(index);
  let template = '';
  let renderPage: RenderPage | undefined;
  let scriptsOf: (modules: readonly string[]) => string[] = () => [];
  if (hasWeb) {
    template = readFileSync(index, 'utf8');
    scriptsOf = pageScripts(readManifest(webDist), entryPreloads(template));
    renderPage = await loadRenderer(app, pageRendererOf(webDist));
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each asset (scripts/precompress-plugin.ts).
      preCompressed: true,
      setHeaders(res, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        // The service worker is looked at again on every visit: a new version reaches everyone at once.
        const worker = file === path.join(webDist, SERVICE_WORKER_PATH);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : worker ? 'no-cache' : 'public, max-age=3600');
      },
    });
  }

  app.decorate('readInProcess', (read: InProcessRead) => readInProcess(app, read));

  // Every write this server answers: the renderer's reused site-wide answers are then read afresh.
  let writes = 0;
  app.addHook('onSend', async (request, reply, payload) => {
    if (WRITE_METHODS.has(request.method) && reply.statusCode < 400) writes += 1;
    return payload;
  });

  const gate = queueGate(renderConcurrency(app.config.renderThreads));
  const rendered = async (request: FastifyRequest, reply: FastifyReply): Promise<RenderedPage | null> => {
    if (!renderPage) return null;
    await gate.enter();
    try {
      return await renderNow(request, reply);
    } finally {
      gate.leave();
    }
  };
  const renderNow = async (request: FastifyRequest, reply: FastifyReply): Promise<RenderedPage | null> => {
    if (!renderPage) return null;
    const abort = new AbortController();
    // What the page's API calls would each read alike (a signed-in person's session…) is read once.
    const scope = openPageScope(request);
    const language = askedLanguage(request) ?? request.cookies[LANGUAGE_COOKIE];
    let timer: NodeJS.Timeout | undefined;
    // The render is told to stop, and the answer does not wait for it to obey.
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new Error('The page took too long to render');
        abort.abort(error);
        reject(error);
      }, RENDER_DEADLINE_MS);
    });
    try {
      const flash = parseFlash(takeFlash(request, reply)) ?? undefined;
      const page = (async () =>
        renderPage({
          url: request.url,
          storedLanguage: language,
          acceptedLanguages: acceptedLanguages(request.headers['accept-language']),
          flash,
          fetchApi: pageFetch(app, request, language, scope.headers),
          // The session its API calls would each read is read for the page anyway: the routes that
          // depend on who is asking then need not wait for an API call to tell them.
          me: { user: hasSession(request) ? await currentUser(request) : null },
          signal: abort.signal,
          writes,
        }))();
      return await Promise.race([late, page]);
    } catch (error) {
      request.log.warn({ err: error, url: redactUrl(request.url) }, abort.signal.aborted ? 'Page render stopped at its deadline; sending the bare app' : 'Page render failed; sending the bare app');
      return null;
    } finally {
      clearTimeout(timer);
      scope.end();
    }
  };

  app.setNotFoundHandler(async (request, reply) => {
    if (hasWeb && isPageRequest(request)) {
      const page = await rendered(request, reply);
      // A route that sends the person elsewhere (a signed-in page asked for by a visitor, say).
      if (page?.kind === 'redirect') return reply.code(page.status).header('location', page.location).header('cache-control', 'no-store').send();
      if (page) {
        if (page.undeclared.length) request.log.warn({ url: redactUrl(request.url), queries: page.undeclared }, 'A page read data its route did not declare');
        return sendCompressed(request, reply.code(page.status), fillTemplate(template, page, `${app.config.publicUrl.replace(/\/$/, '')}${request.url.split('?')[0]}`, askedLanguage(request) === page.lang, scriptsOf));
      }
      // The SPA decides what to show, including its own not-found page.
      return reply.header('cache-control', 'no-cache').header('x-render', 'shell').sendFile('index.html');
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND });
  });
}
