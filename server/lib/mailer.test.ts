import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { PG_TEMPLATE_ENV, PGLITE_IMAGE_ENV } from '../test/migrated-database.ts';
import { freshDatabase } from '../test/postgres-databases.ts';
import { MAIL_QUEUE } from './mailer.ts';

// Issue 39: a request never waits for SMTP. With SMTP_URL set and its server down, a sign-up is
// answered at once and its mail goes out once the server is back.

type Received = { headers: Record<string, string>; body: string };

/** The least of an SMTP server (RFC 5321: no extensions, no TLS) on `port`, keeping what it receives. */
function smtpServer(port: number, received: Received[]): Promise<Server> {
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let data = false;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (data) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(parseMessage(buffer.slice(0, end)));
          buffer = buffer.slice(end + 5);
          data = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const line = buffer.indexOf('\r\n');
        if (line < 0) return;
        const command = buffer.slice(0, line).toUpperCase();
        buffer = buffer.slice(line + 2);
        if (command.startsWith('DATA')) {
          data = true;
          socket.write('354 go on\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

function parseMessage(raw: string): Received {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of head!.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  // Quoted-printable, as nodemailer writes a long line.
  const body = rest
    .join('\r\n\r\n')
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { headers, body };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function until(check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let app: FastifyInstance;
let database: Database;
let port: number;
let smtp: Server | undefined;
const received: Received[] = [];
let cleanUp = async () => {};

beforeAll(async () => {
  port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stoked-mail-'));
  const serverUrl = process.env.DATABASE_URL;
  const fresh = serverUrl ? await freshDatabase(serverUrl, 'stoked_test', process.env[PG_TEMPLATE_ENV]) : undefined;
  const image = process.env[PGLITE_IMAGE_ENV];
  database = await openDatabase({
    databaseUrl: fresh?.url,
    dataDir,
    inMemory: true,
    startFrom: fresh || !image ? undefined : new Blob([readFileSync(image)]),
  });
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, AUTH_SECRET: 'test-secret-test-secret-test-secret-0123', LOG_LEVEL: 'silent', SMTP_URL: `smtp://127.0.0.1:${port}` },
    {
      databaseUrl: fresh?.url,
      publicUrl: 'http://localhost:3000',
      httpCacheSeconds: 0,
      // Retried within seconds here; the server's own policy is MAIL_RETRY (over a day).
      jobs: { workers: true, schedules: false, pollSeconds: 0.5, mailRetry: { retryLimit: 20, retryDelaySeconds: 1, retryDelayMaxSeconds: 2 } },
    },
  );
  app = await buildApp(config, { database, logger: false });
  cleanUp = async () => {
    await app.close();
    await database.close();
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
});

afterAll(async () => {
  await new Promise((resolve) => (smtp ? smtp.close(resolve) : resolve(undefined)));
  await cleanUp();
});

const mailCounts = async () => (await app.jobs.counts()).find((c) => c.queue === MAIL_QUEUE)!;

test('with the SMTP server down a sign-up is answered at once; its mail goes out when the server is back', async () => {
  const email = `down-${Date.now().toString(36)}@example.com`;
  const started = Date.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name: 'Dora Down', email, password: 'correct horse battery' },
  });
  const took = Date.now() - started;
  expect(res.statusCode, res.body).toBe(200);
  // Password hashing is most of it; no SMTP connection is waited for.
  expect(took).toBeLessThan(2000);

  // Tried, refused, waiting for its next try.
  await until(
    async () => (await app.jobs.failures(10)).some((f) => f.queue === MAIL_QUEUE && /ECONNREFUSED|connect/i.test(f.error)) || (await mailCounts()).waiting > 0,
  );
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(received).toEqual([]);
  // Waiting for its next try, or in it (and failing again).
  const pending = await mailCounts();
  expect(pending.waiting + pending.active).toBe(1);

  smtp = await smtpServer(port, received);
  await until(() => received.length > 0);
  const [mail] = received;
  expect(mail!.headers.to).toBe(email);
  expect(mail!.headers['message-id']).toMatch(/^<[0-9a-f]{32}@localhost>$/);
  const link = /http:\/\/localhost:3000\/confirm-email\?token=[\w-]+/.exec(mail!.body)?.[0];
  expect(link).toBeDefined();
  await until(async () => (await mailCounts()).waiting === 0);

  // The link of the mail that waited works.
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/auth/confirm-email',
    payload: { token: new URL(link!).searchParams.get('token'), password: 'correct horse battery' },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  // Sent once: no second copy follows.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(received).toHaveLength(1);
}, 60_000);
