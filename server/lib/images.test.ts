import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import * as fixtures from '../test/image-fixtures.ts';
import { processImage, sniffImageFormat, type ImageKind } from './images.ts';
import { createLocalStorage, newObjectKey, objectKeyOf, s3PublicBase, type S3Settings } from './storage.ts';
import { refusal } from '../test/refusal.ts';

const silentLog = { warn() {}, error() {}, info() {}, debug() {}, trace() {}, fatal() {}, child: () => silentLog, level: 'silent', silent() {} } as never;

describe('sniffImageFormat', () => {
  test('tells the accepted formats by their bytes', async () => {
    expect(sniffImageFormat(await fixtures.png())).toBe('png');
    expect(sniffImageFormat(await fixtures.jpeg())).toBe('jpeg');
    expect(sniffImageFormat(await fixtures.gif())).toBe('gif');
    expect(sniffImageFormat(await fixtures.webp())).toBe('webp');
    expect(sniffImageFormat(await fixtures.avif())).toBe('avif');
  });

  test('anything else is unknown', async () => {
    expect(sniffImageFormat(Buffer.from(fixtures.svg))).toBeUndefined();
    expect(sniffImageFormat(Buffer.from(fixtures.html))).toBeUndefined();
    expect(sniffImageFormat(await fixtures.tiff())).toBeUndefined();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeUndefined();
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8]))).toBeUndefined();
  });
});

describe('processImage', () => {
  test.each([
    ['png', fixtures.png],
    ['jpeg', fixtures.jpeg],
    ['gif', fixtures.gif],
    ['webp', fixtures.webp],
    ['avif', fixtures.avif],
  ])('%s is accepted and re-encoded to WebP', async (_name, make) => {
    const out = await processImage(await make(), 'banner');
    expect(out.contentType).toBe('image/webp');
    expect(out.extension).toBe('webp');
    expect((await sharp(out.data).metadata()).format).toBe('webp');
  });

  test.each([
    ['SVG', Buffer.from(fixtures.svg)],
    ['HTML', Buffer.from(fixtures.html)],
    ['empty', Buffer.alloc(0)],
    ['random bytes', Buffer.from('not an image at all, just some text bytes')],
  ])('%s → INVALID_IMAGE', async (_name, bytes) => {
    const error = await refusal(processImage(bytes, 'avatar'));
    expect(error).toMatchObject({ statusCode: 400, code: 'INVALID_IMAGE' });
  });

  test('TIFF, a format sharp reads but we do not accept → INVALID_IMAGE', async () => {
    expect(await refusal(processImage(await fixtures.tiff(), 'avatar'))).toMatchObject({ code: 'INVALID_IMAGE' });
  });

  test('a truncated JPEG → INVALID_IMAGE', async () => {
    expect(await refusal(processImage(await fixtures.truncatedJpeg(), 'banner'))).toMatchObject({ statusCode: 400, code: 'INVALID_IMAGE' });
  });

  test('a small PNG declaring 17000×17000 pixels is refused quickly', async () => {
    const bomb = fixtures.pngDeclaring(17000, 17000);
    expect(bomb.length).toBeLessThan(2000);
    const started = performance.now();
    expect(await refusal(processImage(bomb, 'banner'))).toMatchObject({ code: 'INVALID_IMAGE' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test('PNG bytes declaring another format in the middle (a JPEG start) are judged by the decoder too', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), await fixtures.png()]);
    expect(await refusal(processImage(fake, 'avatar'))).toMatchObject({ code: 'INVALID_IMAGE' });
  });

  test.each<[ImageKind, number, number]>([
    ['avatar', 400, 400],
    ['logo', 400, 400],
    ['banner', 1600, 1200],
    ['site-asset', 1600, 1200],
    ['background', 1920, 1440],
  ])('%s of a 2400×1800 picture → %i×%i', async (kind, width, height) => {
    const out = await processImage(await fixtures.png(2400, 1800), kind);
    expect(await sharp(out.data).metadata()).toMatchObject({ width, height });
  });

  test('a small banner is not enlarged', async () => {
    const out = await processImage(await fixtures.png(300, 100), 'banner');
    expect(await sharp(out.data).metadata()).toMatchObject({ width: 300, height: 100 });
  });

  test('EXIF (camera, GPS) is stripped', async () => {
    const input = await fixtures.jpegWithGps();
    const before = await sharp(input).metadata();
    expect(before.exif?.toString('latin1')).toContain('StokedCam');
    const out = await processImage(input, 'banner');
    const after = await sharp(out.data).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(out.data.toString('latin1')).not.toContain('StokedCam');
    expect(out.data.toString('latin1')).not.toContain('secret-owner');
  });

  test('the EXIF orientation is applied before it is dropped', async () => {
    const out = await processImage(await fixtures.sidewaysJpeg(), 'banner');
    const meta = await sharp(out.data).metadata();
    expect({ width: meta.width, height: meta.height, orientation: meta.orientation }).toEqual({ width: 100, height: 200, orientation: undefined });
  });
});

describe('storage keys and URLs', () => {
  test('new keys are random names in the bucket', () => {
    const a = newObjectKey('logos', 'webp');
    const b = newObjectKey('logos', 'webp');
    expect(a).toMatch(/^logos\/[0-9a-f-]{36}\.webp$/);
    expect(a).not.toBe(b);
  });

  test('objectKeyOf accepts only URLs of the shape we make under the base', () => {
    const key = newObjectKey('avatars', 'webp');
    expect(objectKeyOf(`/uploads/${key}`, '/uploads')).toBe(key);
    expect(objectKeyOf(`https://cdn.example/${key}`, 'https://cdn.example/')).toBe(key);
    expect(objectKeyOf(`https://other.example/${key}`, 'https://cdn.example')).toBeUndefined();
    expect(objectKeyOf('/uploads/avatars/../../auth-secret', '/uploads')).toBeUndefined();
    expect(objectKeyOf('/uploads/secrets/0b6c5d2e-3f4a-4b5c-8d9e-0f1a2b3c4d5e.webp', '/uploads')).toBeUndefined();
    expect(objectKeyOf('/logo.png', '/uploads')).toBeUndefined();
    expect(objectKeyOf('https://api.dicebear.com/7.x/avataaars/svg?seed=x', '/uploads')).toBeUndefined();
  });

  const s3: S3Settings = { region: 'eu-west-3', bucket: 'stoked-media', accessKeyId: 'AKID', secretAccessKey: 'SECRET' };
  test('S3 public URLs: a CDN base, else path-style on the endpoint, else AWS virtual-host style', () => {
    expect(s3PublicBase({ ...s3, publicUrl: 'https://media.stoked.example/', endpoint: 'http://minio:9000' })).toBe('https://media.stoked.example');
    expect(s3PublicBase({ ...s3, endpoint: 'http://minio:9000/' })).toBe('http://minio:9000/stoked-media');
    expect(s3PublicBase(s3)).toBe('https://stoked-media.s3.eu-west-3.amazonaws.com');
  });
});

describe('local storage', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'stoked-storage-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const storage = createLocalStorage(root, silentLog);

  test('put writes under DATA_DIR/uploads/<bucket>/<new name>; remove deletes it', async () => {
    const url = await storage.put('logos', { data: Buffer.from('x'), contentType: 'image/webp', extension: 'webp' });
    expect(url).toMatch(/^\/uploads\/logos\/[0-9a-f-]{36}\.webp$/);
    const file = path.join(root, url.slice('/uploads/'.length));
    expect(readFileSync(file, 'utf8')).toBe('x');
    await storage.remove(url);
    expect(existsSync(file)).toBe(false);
    // Twice, or for a URL that is not ours: nothing happens, nothing throws.
    await storage.remove(url);
    await storage.remove('/uploads/logos/../../../etc/passwd');
    await storage.remove('https://example.com/a.png');
    await storage.remove(null);
  });
});
