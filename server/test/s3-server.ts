/**
 * A real S3-compatible server (the `s3rver` package) run as a child process by server/test/s3.ts:
 * objects are files under S3_SERVER_DIRECTORY, the buckets named in S3_SERVER_BUCKETS (comma
 * separated) exist from the start, and requests are signed with s3rver's one account (S3_TEST_CREDENTIALS).
 */
import S3rver from 's3rver';
import { announceReady } from './service-process.ts';

// s3rver (through koa) reads OutgoingMessage's deprecated _headers on every answer: a warning per run, not ours to fix.
process.noDeprecation = true;
const directory = process.env.S3_SERVER_DIRECTORY;
if (!directory) throw new Error('S3_SERVER_DIRECTORY is required');
const buckets = (process.env.S3_SERVER_BUCKETS ?? '').split(',').filter(Boolean);

const server = new S3rver({
  address: '127.0.0.1',
  port: Number(process.env.SERVICE_PORT ?? 0),
  directory,
  silent: true,
  configureBuckets: buckets.map((name) => ({ name, configs: [] })),
});
const { port } = await server.run();
announceReady(port, () => server.close());
