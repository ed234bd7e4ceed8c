import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptedLanguages, webManifestPath } from '../../common/languages.ts';
import { ERROR_MESSAGES } from '../../common/error-codes.ts';
import { SERVICE_WORKER_PATH } from '../../common/offline.ts';
import type { PageRequest, RenderedPage } from '../../web/entry-server.tsx';
import { takeFlash } from './actions.ts';
import { currentUser, hasSession } from './session.ts';
import { askedLanguage, contextOf, cookieLanguage } from './context.ts';
import { readDirect } from './reads.ts';
import { acceptedEncoding, isPageRequest } from './http-cache.ts';
import { redactUrl } from './log-redaction.ts';
import { queueGate } from './queue-gate.ts';
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
// 25 ms of CPU instead of 8. Two at a time lets one page's reads overlap another's render
// (docs/decisions/0017 has the figures).
const RENDER_CONCURRENCY = 2;

/**
 * The built index.html with a rendered page in it; `pageUrl` is its absolute address without the
 * query, `named` whether the address named its language (then that is the page's own address).
 */
export function fillTemplate(
  template: string,
  page: Page,
  pageUrl: string,
  named = false,
  scriptsOf: (modules: readonly string[]) => string[] = () => [],
): string {
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
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Encoding, Cookie')
    .header('x-render', 'full');
  const encoding = acceptedEncoding(request);
  if (!encoding) return reply.send(html);
  const bytes = Buffer.from(html);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(bytes, { level: GZIP_LEVEL }));
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
  };
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

  const gate = queueGate(RENDER_CONCURRENCY);
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
    // The page's reads share its context: what they would each find out alike (who is asking, whether
    // an item may be seen) is found out once.
    const ctx = contextOf(request);
    const language = askedLanguage(request) ?? cookieLanguage(request);
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
      const flash = await takeFlash(request, reply);
      const page = (async () =>
        renderPage({
          url: request.url,
          storedLanguage: language,
          acceptedLanguages: acceptedLanguages(request.headers['accept-language']),
          flash,
          read: (url) => readDirect(app, ctx, url),
          // Who is asking is read for the page anyway: the routes that depend on it need not wait for a read to tell them.
          me: { user: hasSession(request) ? await currentUser(request) : null },
          signal: abort.signal,
        }))();
      return await Promise.race([late, page]);
    } catch (error) {
      request.log.warn(
        { err: error, url: redactUrl(request.url) },
        abort.signal.aborted ? 'Page render stopped at its deadline; sending the bare app' : 'Page render failed; sending the bare app',
      );
      return null;
    } finally {
      clearTimeout(timer);
    }
  };

  app.setNotFoundHandler(async (request, reply) => {
    if (hasWeb && isPageRequest(request)) {
      const page = await rendered(request, reply);
      // A route that sends the person elsewhere (a signed-in page asked for by a visitor, say).
      if (page?.kind === 'redirect') return reply.code(page.status).header('location', page.location).header('cache-control', 'no-store').send();
      if (page) {
        if (page.undeclared.length) request.log.warn({ url: redactUrl(request.url), queries: page.undeclared }, 'A page read data its route did not declare');
        return sendCompressed(
          request,
          reply.code(page.status),
          fillTemplate(
            template,
            page,
            `${app.config.publicUrl.replace(/\/$/, '')}${request.url.split('?')[0]}`,
            askedLanguage(request) === page.lang,
            scriptsOf,
          ),
        );
      }
      // The SPA decides what to show, including its own not-found page.
      return reply.header('cache-control', 'no-cache').header('x-render', 'shell').sendFile('index.html');
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND });
  });
}
