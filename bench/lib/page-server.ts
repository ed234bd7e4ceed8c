/**
 * The server of bench:pages in a process of its own, from a checkout of the app (this one, or the
 * worktree of `--vs <ref>`): its CPU is then the server's alone, read from /proc (bench/lib/cpu.ts),
 * and two builds can run side by side. The parent forks this file with `--serve`, the child imports
 * the checkout's own bench/lib/server.ts, starts the real server on a fresh database, makes the bench
 * account and team, and answers the parent's messages.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** What the parent learns once the server listens. */
export type PageServerInfo = {
  url: string;
  pid: number;
  databaseUrl?: string;
  kind: 'postgres' | 'pglite';
  processes: number;
  cookie: string;
  ids: { teamId: string; eventId: string; userId: string };
  /** GET /login, a page the server never renders: the bare shell, its body decoded. */
  shell: { status: number; length: number; body: string };
};
export type PageRequest = { path: string; headers: Record<string, string> };

type ToChild = { start: { httpCacheSeconds: number } } | { probe: PageRequest[] } | { close: true };
type FromChild = { ready: PageServerInfo } | { reads: string[][] } | { closed: true } | { error: string };

const SERVE = '--serve';

/** Starts the server of `checkout` in a new process. */
export async function startPageServer(checkout: string, httpCacheSeconds: number) {
  const child = fork(new URL(import.meta.url), [SERVE], { cwd: checkout, execArgv: ['--import', import.meta.resolve('tsx')], stdio: 'inherit' });
  const ask = <T extends FromChild>(message: ToChild) =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the page server of ${checkout} exited with ${code}`));
      child.once('exit', onExit);
      child.once('message', (answer: FromChild) => {
        child.off('exit', onExit);
        if ('error' in answer) reject(new Error(`the page server of ${checkout} failed: ${answer.error}`));
        else resolve(answer as T);
      });
      child.send(message);
    });
  const { ready } = await ask<{ ready: PageServerInfo }>({ start: { httpCacheSeconds } }).catch((error: unknown) => {
    child.kill();
    throw error;
  });
  return {
    ...ready,
    checkout,
    /** The API reads each page makes inside the server, recorded on its second fetch (the renderer's own caches warm, as under load). */
    probe: async (pages: PageRequest[]) => (await ask<{ reads: string[][] }>({ probe: pages })).reads,
    close: async () => {
      if (child.exitCode === null) await ask({ close: true }).catch(() => child.kill());
    },
  };
}

export type PageServer = Awaited<ReturnType<typeof startPageServer>>;

/** In the child: the checkout's own bench server (its buildApp, its config), not this one's. */
async function serve(child: ChildProcess | NodeJS.Process) {
  type Lib = typeof import('./server.ts');
  const lib = (await import(pathToFileURL(path.join(process.cwd(), 'bench/lib/server.ts')).href)) as Lib;
  let recording: string[] | undefined;
  let server: Awaited<ReturnType<Lib['startBenchServer']>> | undefined;
  const handle = async (message: ToChild): Promise<FromChild> => {
    if ('start' in message) {
      server = await lib.startBenchServer({
        httpCacheSeconds: message.start.httpCacheSeconds,
        sampleContent: true,
        prepare: async (app: FastifyInstance) => {
          // What each page reads: its loaders' reads, asked of the features directly (server/lib/reads.ts);
          // a build from before them (`--vs` an older one) asked its own API in-process.
          if ((app as Partial<FastifyInstance>).reads) app.reads.watch((url) => void recording?.push(url));
          else
            (app as FastifyInstance).addHook(
              'onRequest',
              async (request) => void (recording && request.url.startsWith('/api/') && recording.push(request.url)),
            );
        },
      });
      const account = await lib.createAccount(server, 'Bench Rider', 'bench-rider@example.com', 'bench horse battery staple');
      const teamId = await lib.createApprovedTeam(server, account.cookie, {
        name: 'Bench Crew',
        description: 'Surf crew of the benchmark.',
        location: 'Hossegor',
      });
      const events = await server.app.inject({ method: 'GET', url: '/api/disciplines/surfing/events?page=1&limit=1' });
      const eventId = (events.json() as { items: { id: string }[] }).items[0]?.id;
      if (!eventId) throw new Error(`no approved surfing event in the sample content: ${events.statusCode} ${events.body}`);
      const me = await server.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: account.cookie } });
      const userId = (me.json() as { user: { id: string } | null }).user?.id;
      if (!userId) throw new Error(`the bench account is not signed in: ${me.statusCode} ${me.body}`);
      const login = await server.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
      const body = login.headers['content-encoding'] === 'br' ? brotliDecompressSync(login.rawPayload).toString() : login.body;
      const shell = { status: login.statusCode, length: Number(login.headers['content-length']), body };
      const { url, kind, databaseUrl, config } = server;
      return {
        ready: {
          url,
          pid: process.pid,
          kind,
          ...(databaseUrl ? { databaseUrl } : {}),
          processes: (config as { processes?: number }).processes ?? 1,
          cookie: account.cookie,
          ids: { teamId, eventId, userId },
          shell,
        },
      };
    }
    if ('probe' in message) {
      const reads: string[][] = [];
      for (const page of message.probe) {
        await (await fetch(server!.url + page.path, { headers: page.headers })).arrayBuffer();
        recording = [];
        await (await fetch(server!.url + page.path, { headers: page.headers })).arrayBuffer();
        reads.push(recording);
        recording = undefined;
      }
      return { reads };
    }
    await server?.close();
    return { closed: true };
  };
  child.on('message', (message: ToChild) => {
    handle(message)
      .catch((error: unknown): FromChild => ({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }))
      .then((answer) => process.send!(answer, () => 'closed' in answer && process.exit(0)));
  });
}

if (process.argv[2] === SERVE && process.send) await serve(process);
