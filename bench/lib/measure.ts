import autocannon from 'autocannon';

export type Route = {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  /** JSON body of a POST. */
  body?: unknown;
  headers?: Record<string, string>;
};

export type Measurement = {
  name: string;
  path: string;
  method: string;
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Status codes other than 2xx and how often they came, e.g. { 429: 12 }. */
  otherStatuses: Record<string, number>;
};

export type MeasureOptions = { connections?: number; duration?: number; warmupSeconds?: number };

export const DEFAULT_CONNECTIONS = 64;
export const DEFAULT_DURATION = 10;

/**
 * Hammers one route with autocannon from a worker thread, so that the load generator does not
 * share the event loop of a server started in this process; a short warm-up run is thrown away
 * (JIT, connection pool, first cache fill).
 */
export async function measure(baseUrl: string, route: Route, options: MeasureOptions = {}): Promise<Measurement> {
  const connections = options.connections ?? DEFAULT_CONNECTIONS;
  const duration = options.duration ?? DEFAULT_DURATION;
  const method = route.method ?? 'GET';
  const request = {
    url: baseUrl + route.path,
    method,
    connections,
    workers: 1,
    timeout: 10,
    headers: {
      accept: 'application/json',
      ...(route.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...route.headers,
    },
    ...(route.body === undefined ? {} : { body: JSON.stringify(route.body) }),
  };
  const warmup = options.warmupSeconds ?? Math.min(2, duration);
  if (warmup > 0) await autocannon({ ...request, duration: warmup });
  const r = await autocannon({ ...request, duration });
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
    requestsPerSecond: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    otherStatuses,
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
