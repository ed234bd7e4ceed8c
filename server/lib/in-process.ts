import { EventEmitter } from 'node:events';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** A GET the server answers for itself: a rendered page's API read (server/lib/web-pages.ts). */
export type InProcessRead = { url: string; headers: Record<string, string>; remoteAddress: string };
export type InProcessAnswer = { statusCode: number; statusMessage: string; headers: Record<string, string | number | string[]>; body: string };

/**
 * The request as Fastify reads it: method, address, headers and the peer's address. A GET has no
 * body to stream, so this is no stream.
 */
class ReadRequest extends EventEmitter {
  readonly method = 'GET';
  readonly httpVersion = '1.1';
  readonly httpVersionMajor = 1;
  readonly httpVersionMinor = 1;
  readonly complete = true;
  aborted = false;
  destroyed = false;
  readonly socket: { remoteAddress: string; encrypted: false };
  constructor(
    readonly url: string,
    readonly headers: Record<string, string>,
    remoteAddress: string,
  ) {
    super();
    this.socket = { remoteAddress, encrypted: false };
  }
  destroy() {
    this.destroyed = true;
    return this;
  }
  resume() {
    return this;
  }
}

/** The answer as Fastify writes it: status, headers and one body, kept rather than sent. */
class KeptResponse extends EventEmitter {
  statusCode = 200;
  headersSent = false;
  writableEnded = false;
  destroyed = false;
  private readonly kept: Record<string, string | number | string[]> = {};
  private readonly chunks: (string | Buffer)[] = [];
  constructor(private readonly done: (answer: InProcessAnswer) => void) {
    super();
  }
  setHeader(name: string, value: string | number | string[]) {
    this.kept[name.toLowerCase()] = value;
    return this;
  }
  getHeader(name: string) {
    return this.kept[name.toLowerCase()];
  }
  getHeaders() {
    return { ...this.kept };
  }
  hasHeader(name: string) {
    return name.toLowerCase() in this.kept;
  }
  removeHeader(name: string) {
    delete this.kept[name.toLowerCase()];
  }
  writeHead(statusCode: number, headers?: Record<string, string | number | string[]>) {
    this.statusCode = statusCode;
    for (const name in headers) this.kept[name.toLowerCase()] = headers[name]!;
    this.headersSent = true;
    return this;
  }
  write(chunk: string | Buffer) {
    if (chunk) this.chunks.push(chunk);
    return true;
  }
  end(chunk?: string | Buffer | (() => void)) {
    if (chunk && typeof chunk !== 'function') this.chunks.push(chunk);
    this.headersSent = true;
    this.writableEnded = true;
    const [only] = this.chunks;
    const body = this.chunks.length === 1 && typeof only === 'string' ? only : Buffer.concat(this.chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))).toString('utf8');
    this.done({ statusCode: this.statusCode, statusMessage: STATUS_CODES[this.statusCode] ?? '', headers: this.kept, body });
    // Then the answer's own hooks (onResponse) run, as when a socket has taken it.
    queueMicrotask(() => {
      this.emit('finish');
      this.emit('close');
    });
    return this;
  }
  destroy() {
    this.destroyed = true;
    return this;
  }
}

/**
 * Answers a GET through the app's own router, hooks and handlers (`fastify.routing`), as for a
 * client, with a request and a response that hold only what Fastify reads and writes. A rendered
 * page makes several such reads, and `inject` (light-my-request) built an HTTP request stream and
 * server response around each: half the CPU of a page's API read (a profile 727 against 445 µs, the
 * settings 421 against 198, medians of six interleaved rounds on the 2-core machine).
 */
export function readInProcess(app: FastifyInstance, { url, headers, remoteAddress }: InProcessRead): Promise<InProcessAnswer> {
  return new Promise((resolve) => {
    const request = new ReadRequest(url, { host: 'localhost', ...headers }, remoteAddress);
    app.routing(request as unknown as IncomingMessage, new KeptResponse(resolve) as unknown as ServerResponse);
  });
}
