import http from 'node:http';
import type { FastifyInstance } from 'fastify';

/** One Server-Sent Event as a browser's EventSource would dispatch it. */
export type SseEvent = { event: string; data: string; id: string | undefined };

export type SseClient = {
  status: number;
  headers: Headers;
  /** The whole body when the answer is not a stream (e.g. a 401's JSON). */
  body: string;
  /** Every event received so far, in order. */
  events: SseEvent[];
  /** Comment lines (`: ping`) and the `retry:` value received so far. */
  comments: string[];
  retry: number | undefined;
  /** Resolves when the server ends the stream (or it is closed here). */
  ended: Promise<void>;
  /** The first event (already received or to come) matching `match`; rejects after `timeoutMs`. */
  waitFor(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Waits `ms`, then returns the events matching `match` that arrived meanwhile or before. */
  collect(match: (e: SseEvent) => boolean, ms: number): Promise<SseEvent[]>;
  close(): void;
};

/** Starts a real HTTP listener on a free port (app.inject cannot stream) and returns its base URL. */
export async function serveHttp(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/**
 * Opens `url` as an event stream and parses it as it comes, e.g.
 * `const s = await openSse(`${base}/api/live`, { cookie: user.cookie });`
 * `const e = await s.waitFor((e) => e.event === 'notification'); s.close();`
 * node:http on a connection of its own rather than fetch: undici opens a spare connection after an
 * aborted stream, and a server waits for such a connection when it closes.
 */
export async function openSse(
  url: string,
  opts: { cookie?: string; lastEventId?: string | number; headers?: Record<string, string> } = {},
): Promise<SseClient> {
  const headers: Record<string, string> = { accept: 'text/event-stream', ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.lastEventId !== undefined) headers['last-event-id'] = String(opts.lastEventId);
  const request = http.get(url, { headers, agent: false });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  request.on('error', () => {}); // close() destroys the request: that is no failure

  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((w) => w());
  let endedFlag = false;
  const responseHeaders = new Headers();
  for (const [key, value] of Object.entries(response.headers)) {
    if (value !== undefined) responseHeaders.set(key, Array.isArray(value) ? value.join(', ') : value);
  }

  const client: SseClient = {
    status: response.statusCode ?? 0,
    headers: responseHeaders,
    body: '',
    events,
    comments,
    retry: undefined,
    ended: Promise.resolve(),
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            done();
            resolve(found);
          } else if (endedFlag) {
            done();
            reject(new Error(`stream ended without the awaited event; got ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no awaited event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async collect(match, ms) {
      await new Promise((r) => setTimeout(r, ms));
      return events.filter(match);
    },
    close() {
      request.destroy();
    },
  };

  response.setEncoding('utf8');
  if (!responseHeaders.get('content-type')?.startsWith('text/event-stream')) {
    for await (const chunk of response) client.body += chunk as string;
    endedFlag = true;
    return client;
  }

  let current: { event?: string; data?: string[] } = {};
  let lastId: string | undefined;
  const line = (text: string) => {
    if (text === '') {
      if (current.data) {
        events.push({ event: current.event ?? 'message', data: current.data.join('\n'), id: lastId });
        notify();
      }
      current = {};
      return;
    }
    if (text.startsWith(':')) {
      comments.push(text.slice(1).trim());
      return;
    }
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') (current.data ??= []).push(value);
    else if (field === 'event') current.event = value;
    else if (field === 'id') lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) client.retry = Number(value);
  };

  let buffer = '';
  response.on('data', (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop()!;
    lines.forEach(line);
  });
  client.ended = new Promise<void>((resolve) => {
    const finish = () => {
      endedFlag = true;
      notify();
      resolve();
    };
    response.once('close', finish);
    response.once('end', finish);
  });
  return client;
}
