import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { S3_TEST_CREDENTIALS, startS3Server, type S3TestServer } from '../test/s3.ts';
import { createLocalStorage, createS3Storage, type Storage } from './storage.ts';

// What the cleanup of files no row points to reads (server/lib/cleanup.ts): the stored files in key
// order after a point, going on from the first, on the local folder and on a real S3-compatible server.

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server(['listed']);
});
afterAll(async () => {
  await s3?.close();
});

const silent = { warn() {}, error() {}, info() {}, debug() {} } as never;
const object = { data: Buffer.from('x'), contentType: 'image/webp', extension: 'webp' };

async function expectListing(storage: Storage) {
  const urls = [await storage.put('avatars', object), await storage.put('photos', object), await storage.put('logos', object)];
  const all = await storage.list({ startAfter: '', limit: 10 });
  const keys = all.map((f) => f.key);
  expect(keys).toEqual([...keys].sort());
  expect(all.map((f) => f.url).sort()).toEqual([...urls].sort());
  expect(all.every((f) => Date.now() - f.modifiedAt.getTime() < 60_000)).toBe(true);
  // After the second key: the third, then round to the first; never more than asked.
  expect((await storage.list({ startAfter: keys[1]!, limit: 10 })).map((f) => f.key)).toEqual([keys[2], keys[0], keys[1]]);
  expect(await storage.list({ startAfter: keys[0]!, limit: 1 })).toHaveLength(1);
}

test('the local folder', async () => {
  await expectListing(createLocalStorage(mkdtempSync(path.join(tmpdir(), 'stoked-list-')), silent));
});

test('an S3 bucket', async () => {
  const storage = createS3Storage(
    {
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'listed',
      accessKeyId: S3_TEST_CREDENTIALS.accessKeyId,
      secretAccessKey: S3_TEST_CREDENTIALS.secretAccessKey,
    },
    silent,
  );
  await expectListing(storage);
});
