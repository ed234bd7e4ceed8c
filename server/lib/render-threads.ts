import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiAnswer, FromRenderThread, PageRequest, RenderedPage, ToRenderThread } from '../../web/entry-server.tsx';

type Thread = { worker: Worker; renders: number };
type Render = { request: PageRequest; thread: Thread; resolve(page: RenderedPage): void; reject(error: Error): void };

export type RenderThreads = { render(request: PageRequest): Promise<RenderedPage>; close(): Promise<void> };

// A thread that fails to load its renderer in this time is given up (the main thread renders).
const START_TIMEOUT_MS = 60_000;

/**
 * Page renders on `count` threads of their own (web/entry-server.tsx `serveRenderThread`): React's
 * work leaves the main thread, which meanwhile answers the renders' API calls, other requests and
 * the database's replies, so a page's cost is spread over the machine's cores. The main thread
 * keeps everything bound to a person or to this process (sessions, caches, live streams); a thread
 * only turns data into markup. Resolves to undefined when no thread could start.
 */
export async function startRenderThreads(entry: string, count: number, log: FastifyBaseLogger): Promise<RenderThreads | undefined> {
  const renders = new Map<number, Render>();
  let threads: Thread[] = [];
  let lastId = 0;
  let closing = false;

  const post = (thread: Thread, message: ToRenderThread) => thread.worker.postMessage(message);
  const settle = (id: number) => {
    const render = renders.get(id);
    if (render) {
      renders.delete(id);
      render.thread.renders -= 1;
    }
    return render;
  };

  async function answer(thread: Thread, message: Extract<FromRenderThread, { kind: 'call' }>) {
    const render = renders.get(message.id);
    let reply: ApiAnswer;
    if (!render) {
      // Its page was given up (late): the call is not worth the database's time.
      reply = { ok: false, status: 503, statusText: 'Service Unavailable', body: '', retryAfter: null };
    } else {
      try {
        const response = await render.request.fetchApi(message.path, { method: message.method, ...(message.body === undefined ? {} : { body: message.body }) });
        reply = { ok: response.ok, status: response.status, statusText: response.statusText, body: await response.text(), retryAfter: response.headers.get('retry-after') };
      } catch (error) {
        reply = { ok: false, status: 500, statusText: error instanceof Error ? error.message : 'Internal Server Error', body: '', retryAfter: null };
      }
    }
    post(thread, { kind: 'answer', call: message.call, answer: reply });
  }

  function start(): Promise<Thread> {
    const source = `import(${JSON.stringify(pathToFileURL(entry).href)}).then((m) => m.serveRenderThread(require('node:worker_threads').parentPort))`;
    const worker = new Worker(source, { eval: true });
    const thread: Thread = { worker, renders: 0 };
    let ready = false;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('The render thread did not start in time')), START_TIMEOUT_MS);
      worker.on('message', (message: FromRenderThread) => {
        if (message.kind === 'ready') {
          clearTimeout(timer);
          ready = true;
          resolve(thread);
        } else if (message.kind === 'call') void answer(thread, message);
        else if (message.kind === 'rendered') settle(message.id)?.resolve(message.page);
        else settle(message.id)?.reject(new Error(message.message));
      });
      worker.on('error', (error) => {
        clearTimeout(timer);
        log.error({ err: error }, 'A render thread failed');
        reject(error);
      });
      worker.on('exit', (code) => {
        clearTimeout(timer);
        threads = threads.filter((t) => t !== thread);
        for (const [id, render] of renders) if (render.thread === thread) settle(id)?.reject(new Error(`The render thread stopped (${code})`));
        reject(new Error(`The render thread stopped (${code})`));
        if (closing || !ready) return;
        // One that was serving is replaced; its renders were answered with the bare app.
        start().then(
          (replacement) => threads.push(replacement),
          (error: unknown) => log.error({ err: error }, 'A render thread could not be replaced'),
        );
      });
    });
  }

  const started = await Promise.allSettled(Array.from({ length: count }, start));
  threads = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  if (threads.length === 0) return undefined;

  return {
    render(request) {
      // The thread with the fewest renders under way takes the page.
      const thread = threads.reduce<Thread | undefined>((best, t) => (!best || t.renders < best.renders ? t : best), undefined);
      if (!thread) return Promise.reject(new Error('No render thread is running'));
      const id = ++lastId;
      const { fetchApi: _fetchApi, signal, ...order } = request;
      return new Promise<RenderedPage>((resolve, reject) => {
        renders.set(id, { request, thread, resolve, reject });
        thread.renders += 1;
        signal?.addEventListener('abort', () => {
          post(thread, { kind: 'abort', id, reason: signal.reason instanceof Error ? signal.reason.message : 'aborted' });
          settle(id)?.reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
        });
        post(thread, { kind: 'render', id, order });
      });
    },
    async close() {
      closing = true;
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}
