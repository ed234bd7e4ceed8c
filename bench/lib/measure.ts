import { fork } from 'node:child_process';
import type { Result } from 'autocannon';
import type { CpuMeter, CpuPerAnswer } from './cpu.ts';
import type { LoadAnswer, LoadJob, LoadPhase, PageSamples, RenderCount } from './load-generator.ts';

const LOAD_GENERATOR = new URL('./load-generator.ts', import.meta.url);

export type Route = {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  /** JSON body of a POST. */
  body?: unknown;
  headers?: Record<string, string>;
  /** An HTML page: count the bare app shells among its answers (bench/lib/load-generator.ts), sampling this many bodies. */
  pageSamples?: number;
  /** The bare app shell's content-length with these headers: answers that long are counted as shells. */
  shellBytes?: number;
  /** GETs each connection sends in turn (`path` is the first): one answer of the route is one answer to each. */
  sequence?: string[];
};

export type Measurement = {
  name: string;
  path: string;
  method: string;
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  /** Mean latency (ms). */
  mean: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Status codes other than 2xx and how often they came, e.g. { 429: 12 }. */
  otherStatuses: Record<string, number>;
  /** Pages only: the `x-render` header of every answer, and bodies sampled in the middle of the run. */
  renders?: RenderCount;
  samples?: PageSamples;
  /** The route's sequence of GETs, when it has one: its rate and CPU are per sequence. */
  sequence?: string[];
  /** CPU per answer (per answered sequence) in the measured window, when a meter was given. */
  cpu?: CpuPerAnswer;
};

export type MeasureOptions = {
  connections?: number;
  duration?: number;
  warmupSeconds?: number;
  /** Reads the server's and its database's CPU just before and just after the measured window (not the warm-up), each time once the server is idle. */
  cpu?: CpuMeter;
};

export const DEFAULT_CONNECTIONS = 64;
export const DEFAULT_DURATION = 10;

/** Runs one job in a new process (bench/lib/load-generator.ts), with tsx's loader like this one. */
function inOwnProcess(job: LoadJob, onPhase?: (phase: LoadPhase['phase']) => Promise<void>): Promise<Exclude<LoadAnswer, { error: string }>> {
  return new Promise((resolve, reject) => {
    const child = fork(LOAD_GENERATOR, [], { execArgv: ['--import', import.meta.resolve('tsx')], stdio: 'inherit' });
    let answer: LoadAnswer | undefined;
    let phases = Promise.resolve();
    child.on('message', (message: LoadAnswer | LoadPhase) => {
      if (!('phase' in message)) return void (answer = message);
      const { phase } = message;
      phases = phases.then(() => onPhase?.(phase)).then(() => void (phase === 'start' && child.send('go')));
      phases.catch(reject);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!answer) reject(new Error(`the load generator exited with ${code} and no answer`));
      else if ('error' in answer) reject(new Error(`the load generator failed: ${answer.error}`));
      else {
        const done = answer;
        phases.then(() => resolve(done), reject);
      }
    });
    child.send({ ...job, reportPhases: onPhase !== undefined });
  });
}

/**
 * Hammers one route with autocannon from a process of its own, so that the load generator shares
 * neither the event loop nor the heap of a server started in this process; a short warm-up run is
 * thrown away (JIT, connection pool, first cache fill).
 */
export async function measure(baseUrl: string, route: Route, options: MeasureOptions = {}): Promise<Measurement> {
  const connections = options.connections ?? DEFAULT_CONNECTIONS;
  const duration = options.duration ?? DEFAULT_DURATION;
  const method = route.method ?? 'GET';
  const meter = options.cpu;
  const readings: Awaited<ReturnType<CpuMeter['sample']>>[] = [];
  const answer = await inOwnProcess(
    {
      url: baseUrl + route.path,
      method,
      connections,
      duration,
      warmupSeconds: options.warmupSeconds ?? Math.min(2, duration),
      headers: {
        accept: 'application/json',
        ...(route.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...route.headers,
      },
      ...(route.body === undefined ? {} : { body: JSON.stringify(route.body) }),
      pageSamples: route.pageSamples ?? 0,
      ...(route.shellBytes === undefined ? {} : { shellBytes: route.shellBytes }),
      ...(route.sequence ? { sequence: route.sequence } : {}),
    },
    meter &&
      (async () => {
        await meter.settle();
        readings.push(await meter.sample());
      }),
  );
  const r: Result = answer.result;
  const perSequence = route.sequence?.length ?? 1;
  const otherStatuses: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(r.statusCodeStats ?? {})) {
    if (!status.startsWith('2')) otherStatuses[status] = count;
  }
  return {
    name: route.name,
    path: route.path,
    method,
    connections,
    durationSeconds: duration,
    requestsPerSecond: r.requests.average / perSequence,
    mean: r.latency.mean,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    otherStatuses,
    ...(answer.renders ? { renders: answer.renders } : {}),
    ...(answer.samples ? { samples: answer.samples } : {}),
    ...(route.sequence ? { sequence: route.sequence } : {}),
    // Per request sent in the window (and page sampled): the server finished all of them before the second reading.
    ...(meter && readings.length === 2 ? { cpu: meter.perAnswer(readings[0]!, readings[1]!, (r.requests.sent + (route.pageSamples ?? 0)) / perSequence) } : {}),
  };
}

/** `--name value` or `--name=value` from the command line. */
export function flag(name: string, argv = process.argv.slice(2)): string | undefined {
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  const a = argv[i]!;
  return a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[i + 1];
}

export function numberFlag(name: string, fallback: number): number {
  const raw = flag(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got ${raw}`);
  return n;
}
