import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { pageRendererOf } from './web-pages.ts';

/**
 * Pages rendered on threads of their own (render-threads.ts): here with stand-in renderers that
 * speak the threads' protocol (web/entry-server.tsx `serveRenderThread`); the real renderer runs on
 * a thread in server/web-pages-signed-in.test.ts.
 */

const tmp = mkdtempSync(path.join(tmpdir(), 'stoked-render-threads-'));
const BARE_ROOT = '<div id="root"></div>';
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  rmSync(tmp, { recursive: true, force: true });
});

// Renders '<p>thread status body</p>' from one API call made through the main thread; '/crash'
// ends the thread, '/hang' never answers, '/aborted' tells how many renders it was told to stop.
const THREAD_RENDERER = `import { threadId } from 'node:worker_threads';
let aborted = 0;
const calls = new Map();
export async function serveRenderThread(port) {
  port.on('message', (m) => {
    if (m.kind === 'abort') { aborted += 1; return; }
    if (m.kind === 'answer') { calls.get(m.call)?.(m.answer); return; }
    const { id, order } = m;
    const page = (text) => port.postMessage({ kind: 'rendered', id, page: { kind: 'page', status: 200, html: '<p>' + text + '</p>', head: '', state: '', lang: 'en', dir: 'ltr', languages: ['en'], meta: undefined, undeclared: [], modules: [] } });
    if (order.url === '/crash') process.exit(3);
    if (order.url === '/hang') return;
    if (order.url === '/aborted') return page('aborted ' + aborted);
    calls.set(id, (answer) => page(threadId + ' ' + answer.status + ' ' + answer.body));
    port.postMessage({ kind: 'call', id, call: id, path: '/api/me', method: 'GET' });
  });
  port.postMessage({ kind: 'ready' });
}`;

async function appWithRenderer(name: string, source: string) {
  const webDist = path.join(tmp, name);
  mkdirSync(path.dirname(pageRendererOf(webDist)), { recursive: true });
  mkdirSync(webDist, { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), `<!doctype html><html lang="en" dir="ltr"><head><title>Stoked</title></head><body>${BARE_ROOT}</body></html>`);
  writeFileSync(pageRendererOf(webDist), source);
  const app = await createTestApp({ webDist, renderThreads: 1, httpCacheSeconds: 0 });
  apps.push(app);
  return app;
}

const rendered = (body: string) => /<p>([^<]*)<\/p>/.exec(body)?.[1];

describe('pages rendered on a thread', () => {
  test("a page's API calls are answered by the main thread; a thread that stops is replaced, its page the bare app", async () => {
    const t = await appWithRenderer('threads', THREAD_RENDERER);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const first = await get('/');
    expect(first.headers['x-render']).toBe('full');
    const [thread, status, body] = rendered(first.body)!.split(' ');
    expect(Number(thread)).toBeGreaterThan(0);
    expect([status, body]).toEqual(['200', '{"user":null}']);

    const crash = await get('/crash');
    expect(crash.statusCode).toBe(200);
    expect(crash.headers['x-render']).toBe('shell');
    expect(crash.body).toContain(BARE_ROOT);

    // The replacement starts in the background (pages are the bare app meanwhile); then it renders them.
    await expect.poll(async () => rendered((await get('/')).body) ?? '', { timeout: 10_000, interval: 200 }).toMatch(/^\d+ 200 \{"user":null\}$/);
    expect(rendered((await get('/')).body)!.split(' ')[0]).not.toBe(thread);
  }, 30_000);

  test('a render late at its deadline is stopped on its thread too', async () => {
    const t = await appWithRenderer('late', THREAD_RENDERER);
    const late = await t.app.inject({ method: 'GET', url: '/hang', headers: { accept: 'text/html' } });
    expect(late.headers['x-render']).toBe('shell');
    expect(rendered((await t.app.inject({ method: 'GET', url: '/aborted', headers: { accept: 'text/html' } })).body)).toBe('aborted 1');
  }, 30_000);

  test('a renderer that cannot run on a thread is run by the main thread', async () => {
    const t = await appWithRenderer(
      'no-threads',
      `export async function renderPage({ url }) { return { kind: 'page', status: 200, html: '<p>main ' + url + '</p>', head: '', state: '', lang: 'en', dir: 'ltr', languages: ['en'], meta: undefined, undeclared: [], modules: [] }; }`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/teams', headers: { accept: 'text/html' } });
    expect(rendered(res.body)).toBe('main /teams');
  }, 30_000);
});
