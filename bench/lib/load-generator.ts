/**
 * The load generator of the benchmarks, in a process of its own: measure() (bench/lib/measure.ts) forks
 * this file, sends it one job and gets one answer back, so that the server under test never shares a
 * process (event loop, heap, garbage collector) with the requests it answers.
 *
 * For a page, the job also counts the bare app shells (a render that failed or missed its deadline,
 * server/lib/web-pages.ts): from the `x-render` header of every response when the server sends it
 * (`full` or `shell`), and from the bodies of a few requests sent in the middle of the run.
 */
import http from 'node:http';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import autocannon, { type Result } from 'autocannon';

export type LoadJob = {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
  warmupSeconds: number;
  /** Page bodies to fetch in the middle of the run and check for the bare app shell (0: none, and no x-render count). */
  pageSamples: number;
  /** The bare shell's content-length with these headers: answers of that length are counted as shells. */
  shellBytes?: number;
  /** Paths each connection asks for in turn instead of the url's alone (the JSON reads of one page). */
  sequence?: string[];
  /** Tell the parent when the measured run starts (and wait for its go) and when it ends: it reads the CPU then. */
  reportPhases?: boolean;
};

/** Sent by the load generator around the measured run when the job asks for it. */
export type LoadPhase = { phase: 'start' | 'end' };

/**
 * Pages only: the `x-render` values of the answers (`none` counts answers without the header), and the
 * answers as long as the bare shell (`shellSized`, when its length was given) among those with a length.
 */
export type RenderCount = { full: number; shell: number; other: number; none: number; shellSized: number; sized: number };

/** Page bodies sampled during the run: how many were rendered, how many the bare shell, how many failed. */
export type PageSamples = { total: number; rendered: number; shells: number; failed: number; headers: Record<string, number> };

export type LoadAnswer = { result: Result; renders?: RenderCount; samples?: PageSamples } | { error: string };

/** The bare app: index.html's root element with nothing in it. */
export const BARE_SHELL = '<div id="root"></div>';
const RENDER_HEADER = 'x-render';

const brotli = promisify(brotliDecompress);
const gunzipAsync = promisify(gunzip);

function fetchPage(job: LoadJob): Promise<{ status: number; body: string; render?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(job.url, { method: job.method, headers: job.headers, agent: false, timeout: 15_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('error', reject);
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const decoded = encoding === 'br' ? brotli(raw) : encoding === 'gzip' ? gunzipAsync(raw) : Promise.resolve(raw);
        const render = response.headers[RENDER_HEADER];
        decoded.then(
          (body) => resolve({ status: response.statusCode ?? 0, body: body.toString('utf8'), render: Array.isArray(render) ? render[0] : render }),
          reject,
        );
      });
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(job.body);
  });
}

async function samplePages(job: LoadJob): Promise<PageSamples> {
  const samples: PageSamples = { total: job.pageSamples, rendered: 0, shells: 0, failed: 0, headers: {} };
  const answers = await Promise.allSettled(Array.from({ length: job.pageSamples }, () => fetchPage(job)));
  for (const answer of answers) {
    if (answer.status === 'rejected' || answer.value.status !== 200) {
      samples.failed += 1;
      continue;
    }
    const { body, render } = answer.value;
    samples.headers[render ?? 'none'] = (samples.headers[render ?? 'none'] ?? 0) + 1;
    if (body.includes(BARE_SHELL)) samples.shells += 1;
    else if (body.includes('<div id="root">')) samples.rendered += 1;
    else samples.failed += 1;
  }
  return samples;
}

async function run(job: LoadJob): Promise<LoadAnswer> {
  // The start waits for the parent's go, so that its reading of the CPU comes before the measured load.
  const phase = async (name: LoadPhase['phase']) => {
    if (!job.reportPhases) return;
    const go = name === 'start' ? new Promise((resolve) => process.once('message', resolve)) : undefined;
    process.send!({ phase: name } satisfies LoadPhase);
    await go;
  };
  const url = new URL(job.url);
  const request = { method: job.method, path: url.pathname + url.search, headers: job.headers, ...(job.body === undefined ? {} : { body: job.body }) };
  const sequence = job.sequence?.map((path) => ({ ...request, path }));
  const options = { url: job.url, connections: job.connections, timeout: 10, ...request, ...(sequence ? { requests: sequence } : {}) };
  if (job.warmupSeconds > 0) await autocannon({ ...options, duration: job.warmupSeconds });
  await phase('start');
  if (job.pageSamples === 0) {
    const result = await autocannon({ ...options, duration: job.duration });
    await phase('end');
    return { result };
  }

  const renders: RenderCount = { full: 0, shell: 0, other: 0, none: 0, shellSized: 0, sized: 0 };
  const header = (headers: Record<string, string | string[]>, name: string) => {
    const key = name in headers ? name : Object.keys(headers).find((k) => k.toLowerCase() === name);
    const value = key === undefined ? undefined : headers[key];
    return Array.isArray(value) ? value[0] : value;
  };
  const onResponse = (_status: number, _body: string, _context: unknown, headers: Record<string, string | string[]>) => {
    const value = header(headers, RENDER_HEADER);
    if (value === undefined) renders.none += 1;
    else if (value === 'full' || value === 'shell') renders[value] += 1;
    else renders.other += 1;
    // autocannon keeps no body bytes (it decodes them as text), but the length tells the static shell from a page.
    const length = job.shellBytes === undefined ? undefined : header(headers, 'content-length');
    if (length === undefined) return;
    renders.sized += 1;
    if (Number(length) === job.shellBytes) renders.shellSized += 1;
  };
  const load = autocannon({ ...options, duration: job.duration, requests: [{ ...request, onResponse }] });
  // In the middle of the run, while the server is under the full load.
  await new Promise((resolve) => setTimeout(resolve, (job.duration * 1000) / 2));
  const samples = await samplePages(job);
  const result = await load;
  await phase('end');
  return { result, renders, samples };
}

process.once('message', (job: LoadJob) => {
  run(job)
    .catch((error: unknown): LoadAnswer => ({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }))
    .then((answer) => process.send!(answer, () => process.exit(0)));
});
