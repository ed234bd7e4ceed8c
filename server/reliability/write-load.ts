import http from 'node:http';

/**
 * A steady stream of contact-form posts (anonymous writes that need no account), each from its own
 * forwarded address so that the per-address limit never stops it (the server must run with
 * TRUST_PROXY=true: the test client is a loopback "proxy"). Every 2xx carries the new row's id.
 */
export type WriteOutcome = {
  /** When the request was sent and answered (ms since the load began). */
  sentAt: number;
  doneAt: number;
  status: number | null;
  error?: string;
  id?: string;
};

export type WriteLoad = {
  outcomes: WriteOutcome[];
  /** Stops sending and waits for the requests under way. */
  stop(): Promise<void>;
  /** ms since the load began. */
  now(): number;
};

let seq = 0;

export function startWriteLoad(url: string, opts: { concurrency?: number; pauseMs?: number } = {}): WriteLoad {
  const concurrency = opts.concurrency ?? 16;
  // Keep-alive connections opened up front: a request sent on one of them always reaches the server.
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const started = Date.now();
  const now = () => Date.now() - started;
  const outcomes: WriteOutcome[] = [];
  let running = true;

  const one = async () => {
    seq += 1;
    const n = seq;
    const outcome: WriteOutcome = { sentAt: now(), doneAt: 0, status: null };
    outcomes.push(outcome);
    try {
      const body = JSON.stringify({ name: 'Load Rider', email: 'load@example.com', subject: `load ${n}`, message: `write number ${n}` });
      const headers = { 'content-type': 'application/json', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
      const res = await post(agent, `${url}/api/contact`, headers, body);
      outcome.status = res.status;
      if (res.status >= 200 && res.status < 300) outcome.id = (JSON.parse(res.text) as { id: string }).id;
    } catch (error) {
      outcome.error = (error as Error & { code?: string }).code ?? (error as Error).message;
    }
    outcome.doneAt = now();
  };

  const worker = async () => {
    while (running) {
      await one();
      if (opts.pauseMs) await new Promise((r) => setTimeout(r, opts.pauseMs));
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  return {
    outcomes,
    now,
    async stop() {
      running = false;
      await Promise.all(workers);
      agent.destroy();
    },
  };
}

export const acknowledged = (outcomes: WriteOutcome[]) => outcomes.filter((o) => o.status !== null && o.status >= 200 && o.status < 300 && o.id);

/** One POST on `agent` (fetch would open connections of its own whenever it likes). */
export function post(agent: http.Agent, url: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, timeout: 20_000 },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', reject);
    req.end(body);
  });
}
