import { ListBucketsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Photo } from '../../common/photos.ts';
import * as fixtures from '../test/image-fixtures.ts';
import { fileUpload, multipartBody } from '../test/multipart.ts';
import { S3_TEST_CREDENTIALS, startS3Server, type S3TestServer } from '../test/s3.ts';
import { createTestApp, RELAXED_LIMITS, signUpVerified, type TestApp } from '../test/test-app.ts';
import { processImage } from './images.ts';
import { createS3Storage, type StoredObject } from './storage.ts';
import { refusal } from '../test/refusal.ts';

// Issue 39, item 5: the S3 storage against a real S3-compatible server (s3rver, in a process of its
// own) instead of a stand-in that answered 200 to anything: what is stored must come back byte for byte.

const BUCKET = 'media';
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
});
afterAll(async () => {
  await s3?.close();
});

type Logged = { level: string; fields: Record<string, unknown>; message: string };
function capturingLog() {
  const lines: Logged[] = [];
  const at =
    (level: string) =>
    (fields: Record<string, unknown>, message = '') =>
      void lines.push({ level, fields, message });
  const log = { warn: at('warn'), error: at('error'), info: at('info'), debug() {}, trace() {}, fatal: at('fatal'), silent() {}, level: 'info' };
  return { lines, log: Object.assign(log, { child: () => log }) as never };
}

/** The keys in a bucket, read with the SDK as an operator would (s3rver's one account). */
async function keysIn(bucket: string): Promise<string[]> {
  const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (listed.Contents ?? []).map((o) => o.Key!).sort();
  } finally {
    client.destroy();
  }
}

async function bucketNames(): Promise<string[]> {
  const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
  try {
    return ((await client.send(new ListBucketsCommand({}))).Buckets ?? []).map((b) => b.Name!);
  } finally {
    client.destroy();
  }
}

const webpOf = async (width = 640, height = 480): Promise<StoredObject> => processImage(await fixtures.png(width, height), 'banner');

describe('S3 storage on s3rver', () => {
  test('put stores the exact bytes path-style at endpoint/bucket/key, served with their type and cache policy, ranges too', async () => {
    const { log } = capturingLog();
    const storage = createS3Storage(s3.settings(BUCKET), log);
    const image = await webpOf();
    const url = await storage.put('banners', image);
    expect(url).toMatch(new RegExp(`^${s3.endpoint}/${BUCKET}/banners/[0-9a-f-]{36}\\.webp$`));
    expect(await keysIn(BUCKET)).toContain(url.slice(`${s3.endpoint}/${BUCKET}/`.length));

    // Read anonymously, as a browser reads the public URL.
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/webp');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await whole.arrayBuffer());
    // Byte for byte: a body sent as aws-chunked with a checksum trailer would be stored with its framing.
    expect(body.equals(image.data)).toBe(true);
    expect(await sharp(body).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });

    const head = await fetch(url, { headers: { range: 'bytes=0-11' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-11/${image.data.length}`);
    const first = Buffer.from(await head.arrayBuffer());
    expect(first.toString('latin1', 0, 4)).toBe('RIFF');
    expect(first.toString('latin1', 8, 12)).toBe('WEBP');
    const tail = await fetch(url, { headers: { range: `bytes=${image.data.length - 10}-` } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(image.data.subarray(image.data.length - 10))).toBe(true);
  });

  test('with S3_PUBLIC_URL the URL is the CDN’s, and remove finds its key under it', async () => {
    const { log, lines } = capturingLog();
    const storage = createS3Storage(s3.settings(BUCKET, { publicUrl: 'https://cdn.example/media/' }), log);
    const url = await storage.put('logos', await webpOf(120, 80));
    expect(url).toMatch(/^https:\/\/cdn\.example\/media\/logos\/[0-9a-f-]{36}\.webp$/);
    const key = url.slice('https://cdn.example/media/'.length);
    expect(await keysIn(BUCKET)).toContain(key);
    await storage.remove(url);
    expect(await keysIn(BUCKET)).not.toContain(key);
    expect(lines).toEqual([]);
  });

  test('remove deletes the object; a URL that is not ours deletes nothing; twice, or none, throws nothing', async () => {
    const { log, lines } = capturingLog();
    const storage = createS3Storage(s3.settings(BUCKET), log);
    const kept = await storage.put('photos', await webpOf(100, 100));
    const gone = await storage.put('photos', await webpOf(100, 100));
    const keyOf = (url: string) => url.slice(`${s3.endpoint}/${BUCKET}/`.length);

    await storage.remove(gone);
    expect((await fetch(gone)).status).toBe(404);
    expect(await keysIn(BUCKET)).not.toContain(keyOf(gone));

    // The same key under another base, a key of another shape, nothing at all: the object stays.
    await storage.remove(`https://elsewhere.example/${keyOf(kept)}`);
    await storage.remove(`${s3.endpoint}/${BUCKET}/photos/../${keyOf(kept)}`);
    await storage.remove(null);
    await storage.remove(gone);
    expect((await fetch(kept)).status).toBe(200);
    expect(lines).toEqual([]);
  });

  test('a bucket that does not exist: put fails with SERVICE_UNAVAILABLE and logs why; nothing is stored, no bucket made', async () => {
    const { log, lines } = capturingLog();
    const storage = createS3Storage(s3.settings('absent-bucket'), log);
    const before = await keysIn(BUCKET);
    expect(await refusal(storage.put('avatars', await webpOf(50, 50)))).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(lines).toEqual([
      expect.objectContaining({ level: 'error', message: expect.stringMatching(/S3 refused to store .*absent-bucket.*NoSuchBucket/) as unknown }),
    ]);
    expect(await bucketNames()).toEqual([BUCKET]);
    expect(await keysIn(BUCKET)).toEqual(before);
    // Deleting from it only warns: a delete never fails the request it cleans up after.
    await storage.remove(`${s3.endpoint}/absent-bucket/avatars/0b6c5d2e-3f4a-4b5c-8d9e-0f1a2b3c4d5e.webp`);
    expect(lines.at(-1)).toMatchObject({ level: 'warn', message: 'could not delete an upload' });
  });

  test('credentials the server does not know (403 InvalidAccessKeyId): put fails with SERVICE_UNAVAILABLE; nothing is stored', async () => {
    const { log, lines } = capturingLog();
    const storage = createS3Storage(s3.settings(BUCKET, { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'whatever' }), log);
    const before = await keysIn(BUCKET);
    expect(await refusal(storage.put('avatars', await webpOf(50, 50)))).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(lines[0]?.message).toMatch(/InvalidAccessKeyId/);
    expect(await keysIn(BUCKET)).toEqual(before);
  });

  test('the server down: put fails with SERVICE_UNAVAILABLE; once it is back on its port, put works again', async () => {
    const { log, lines } = capturingLog();
    const storage = createS3Storage(s3.settings(BUCKET), log);
    await s3.stop('SIGKILL');
    try {
      expect(await refusal(storage.put('avatars', await webpOf(50, 50)))).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(lines[0]?.message).toMatch(/ECONNREFUSED/);
    } finally {
      await s3.start();
    }
    const url = await storage.put('avatars', await webpOf(50, 50));
    expect((await fetch(url)).status).toBe(200);
  });
});

describe('uploads through the app on s3rver', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUpVerified>>;
  beforeAll(async () => {
    t = await createTestApp({ ...RELAXED_LIMITS, s3: s3.settings(BUCKET) });
    admin = await signUpVerified(t, { name: 'Storage Admin' });
    await t.app.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.id).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: 'PUT' | 'POST' | 'DELETE', url: string, who: { cookie: string }, body?: { payload: Buffer; headers: Record<string, string> }) =>
    t.app.inject({ method, url, headers: { origin: t.config.publicUrl, cookie: who.cookie, ...body?.headers }, ...(body ? { payload: body.payload } : {}) });

  test('an avatar is stored in the bucket as a 400×400 WebP; a new one deletes the old object; removing it deletes the object', async () => {
    const rider = await signUpVerified(t);
    const first = await send('PUT', '/api/profile/avatar', rider, fileUpload(await fixtures.png(900, 900)));
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = (first.json() as { avatarUrl: string }).avatarUrl;
    expect(firstUrl).toMatch(new RegExp(`^${s3.endpoint}/${BUCKET}/avatars/[0-9a-f-]{36}\\.webp$`));
    const stored = await fetch(firstUrl);
    expect(await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });

    const second = await send('PUT', '/api/profile/avatar', rider, fileUpload(await fixtures.jpeg(500, 500), 'a.jpg', 'image/jpeg'));
    expect(second.statusCode, second.body).toBe(200);
    const secondUrl = (second.json() as { avatarUrl: string }).avatarUrl;
    expect((await fetch(firstUrl)).status).toBe(404);
    expect((await fetch(secondUrl)).status).toBe(200);

    const removed = await send('DELETE', '/api/profile/avatar', rider);
    expect((removed.json() as { avatarUrl: string | null }).avatarUrl).toBeNull();
    expect((await fetch(secondUrl)).status).toBe(404);
  });

  test('a photo’s variants (400, 800, 1600 px) are each stored and served, ranges too; deleting the photo deletes every one', async () => {
    const place = await send('POST', '/api/disciplines/skateboarding/places', admin, {
      payload: Buffer.from(JSON.stringify({ name: `S3 bowl ${Date.now()}`, location: 'Here', latitude: 1, longitude: 2 })),
      headers: { 'content-type': 'application/json' },
    });
    expect(place.statusCode, place.body).toBe(201);
    const placeId = (place.json() as { id: string }).id;
    const upload = await send(
      'POST',
      `/api/photos/place/${placeId}`,
      admin,
      multipartBody([{ filename: 'p.jpg', type: 'image/jpeg', data: await fixtures.jpeg(2000, 1000) }]),
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const photo = upload.json() as Photo;
    expect(photo.variants.map((v) => v.width)).toEqual([400, 800, 1600]);
    for (const variant of photo.variants) {
      expect(variant.url).toMatch(new RegExp(`^${s3.endpoint}/${BUCKET}/photos/[0-9a-f-]{36}\\.webp$`));
      const body = Buffer.from(await (await fetch(variant.url)).arrayBuffer());
      expect(await sharp(body).metadata()).toMatchObject({ format: 'webp', width: variant.width, height: variant.width / 2 });
      const part = await fetch(variant.url, { headers: { range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(body.subarray(100, 200))).toBe(true);
    }

    const deleted = await send('DELETE', `/api/photos/${photo.id}`, admin);
    expect(deleted.statusCode, deleted.body).toBe(204);
    for (const variant of photo.variants) expect((await fetch(variant.url)).status).toBe(404);
  });

  test('a bucket that refuses: the upload answers 503 SERVICE_UNAVAILABLE, the profile keeps its picture, nothing is stored', async () => {
    const refusing = await createTestApp({ ...RELAXED_LIMITS, s3: s3.settings('absent-bucket') });
    try {
      const rider = await signUpVerified(refusing);
      const before = await keysIn(BUCKET);
      const upload = fileUpload(await fixtures.png(300, 300));
      const res = await refusing.app.inject({
        method: 'PUT',
        url: '/api/profile/avatar',
        headers: { origin: refusing.config.publicUrl, cookie: rider.cookie, ...upload.headers },
        payload: upload.payload,
      });
      expect({ status: res.statusCode, body: res.json() as unknown }).toEqual({
        status: 503,
        body: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) as unknown },
      });
      const me = await refusing.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: rider.cookie } });
      expect((me.json() as { user: { avatarUrl?: string | null } }).user.avatarUrl ?? null).toBeNull();
      expect(await keysIn(BUCKET)).toEqual(before);
      expect(await bucketNames()).toEqual([BUCKET]);
    } finally {
      await refusing.close();
    }
  });
});
