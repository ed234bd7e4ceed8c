import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3Settings } from '../lib/storage.ts';
import { startServiceProcess, type ServiceProcess } from './service-process.ts';

/** The one key pair s3rver accepts (it has a single built-in account); any other is refused with 403. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

const SERVER = new URL('./s3-server.ts', import.meta.url);

export type S3TestServer = ServiceProcess & {
  /** `http://127.0.0.1:<port>`: what S3_ENDPOINT is set to. */
  readonly endpoint: string;
  /** The storage settings (config.s3) for `bucket` on this server, with its credentials. */
  settings(bucket: string, extra?: Partial<S3Settings>): S3Settings;
  /** Stops it and deletes what it stored. */
  close(): Promise<void>;
};

/** Starts s3rver in a child process (server/test/s3-server.ts) on a free port, with `buckets` made. */
export async function startS3Server(buckets: string[]): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'stoked-s3-'));
  const service = await startServiceProcess(SERVER, { S3_SERVER_DIRECTORY: directory, S3_SERVER_BUCKETS: buckets.join(',') });
  const endpoint = () => `http://127.0.0.1:${service.port}`;
  return {
    get port() {
      return service.port;
    },
    get endpoint() {
      return endpoint();
    },
    running: service.running,
    stop: service.stop,
    start: service.start,
    settings: (bucket, extra = {}) => ({ region: 'us-east-1', bucket, endpoint: endpoint(), ...S3_TEST_CREDENTIALS, ...extra }),
    async close() {
      await service.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
