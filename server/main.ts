import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  // app.close() stops accepting connections, answers 503 (Connection: close) to requests arriving
  // on kept-alive ones, ends the live streams (preClose), waits for the requests under way, and
  // closes the database last (its onClose hook was registered first).
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
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  console.log(`\n  Stoked is running at ${config.publicUrl}  (database: ${where})\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
