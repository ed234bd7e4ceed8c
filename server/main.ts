import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { buildApp } from './app.ts';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Several processes share the port (PROCESSES, docs/decisions/0017): each answers requests and
 * renders its own pages on its core, and runs jobs of the job queue (docs/decisions/0019: each job in
 * one of them). The first starts alone, so that it migrates the database (and the queue's schema)
 * before the others open it; one that dies is replaced; a signal stops them all.
 */
function supervise(config: Config) {
  let stopping = false;
  const start = (worker: number) =>
    cluster.fork({ STOKED_WORKER: String(worker) }).on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`server process ${worker} stopped (${signal ?? code}); starting another`);
      start(worker);
    });
  start(0).once('listening', () => {
    for (let worker = 1; worker < config.processes; worker++) start(worker);
    console.log(`\n  Stoked is running at ${config.publicUrl}  (database: PostgreSQL, ${config.processes} processes)\n`);
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  cluster.on('exit', () => {
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
}

async function serve(config: Config) {
  const app = await buildApp(config);
  // app.close() stops accepting connections, answers 503 (Connection: close) to requests arriving
  // on kept-alive ones, ends the live streams (preClose), waits for the requests under way, stops
  // the job queue (runs under way get a few seconds; one cut short runs again elsewhere, sending
  // nothing twice), and closes the database last (its onClose hook was registered first).
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, finishing in-flight requests`);
    const timer = setTimeout(() => {
      app.log.error('requests still under way after 10 s, exiting anyway');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  if (cluster.isWorker) return;
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  console.log(`\n  Stoked is running at ${config.publicUrl}  (database: ${where})\n`);
}

const config = configOrExit();
const main = cluster.isPrimary && config.processes > 1 ? Promise.resolve(supervise(config)) : serve(config);
main.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
