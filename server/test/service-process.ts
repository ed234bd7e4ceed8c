import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/**
 * A real server (SMTP, S3…) that tests talk to over the network, run in a child process of its own
 * rather than in the test's: a fault script can kill it (SIGKILL, as a crash) or stop it and start
 * it again on the same port, and the app under test reaches it exactly as it would a remote one.
 *
 * The child is a TypeScript file run through tsx; it reads its settings from its environment
 * (SERVICE_PORT: 0 for any free port) and sends `{ ready: { port } }` over the IPC channel once it
 * listens. It exits when that channel closes, so a test process that dies leaves no server behind.
 */
export type ServiceProcess = {
  /** The port it listens on: chosen by the first start, kept by every later one. */
  readonly port: number;
  running(): boolean;
  /** Ends it (SIGTERM: it closes its server; SIGKILL: a crash) and waits for its exit. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts it again on the same port, with the same settings. */
  start(): Promise<void>;
};

/** A child told it has this long to listen: tsx compiles it first, on a machine other tests keep busy. */
const READY_TIMEOUT_MS = 30_000;

export type ReadyMessage = { ready: { port: number } };

/** In the child: tells the parent it listens, and exits with the parent's channel. */
export function announceReady(port: number, close: () => Promise<void>): void {
  const stop = () => void close().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.once('disconnect', stop);
  process.send?.({ ready: { port } } satisfies ReadyMessage);
}

export async function startServiceProcess(entry: URL, env: Record<string, string>, port = 0): Promise<ServiceProcess> {
  let child: ChildProcess | undefined;
  let chosenPort = port;

  async function start(): Promise<void> {
    if (child) throw new Error(`${entry.pathname} is already running`);
    const started = fork(entry, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...env, SERVICE_PORT: String(chosenPort) },
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    let stderr = '';
    started.stderr!.on('data', (chunk: Buffer) => {
      // Kept for the error below, and shown: a server that fails later says why in the test's output.
      stderr = (stderr + chunk.toString()).slice(-4000);
      process.stderr.write(chunk);
    });
    child = started;
    started.once('exit', () => {
      if (child === started) child = undefined;
    });
    const ready = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${entry.pathname} did not listen within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
      started.on('message', (message: Partial<ReadyMessage>) => {
        if (!message.ready) return;
        clearTimeout(timer);
        resolve(message.ready.port);
      });
      started.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${entry.pathname} exited before listening (${signal ?? code}): ${stderr.trim()}`));
      });
    });
    try {
      chosenPort = await ready;
    } catch (error) {
      started.kill('SIGKILL');
      throw error;
    }
  }

  async function stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    const running = child;
    if (!running) return;
    if (running.exitCode === null && running.signalCode === null) {
      const exited = once(running, 'exit');
      running.kill(signal);
      await exited;
    }
    child = undefined;
  }

  await start();
  return {
    get port() {
      return chosenPort;
    },
    running: () => child !== undefined,
    stop,
    start,
  };
}
