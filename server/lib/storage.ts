import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { fail } from './errors.ts';

/** The storage buckets of spec §7; with S3 they are key prefixes in the one configured bucket. */
export const BUCKETS = ['avatars', 'banners', 'site-assets', 'backgrounds', 'logos', 'photos'] as const;
export type Bucket = (typeof BUCKETS)[number];

export type StoredObject = { data: Buffer; contentType: string; extension: string };

export interface Storage {
  /** Stores under a new server-made name and returns the public URL. */
  put(bucket: Bucket, object: StoredObject): Promise<string>;
  /** Deletes a file this storage made; other URLs (none, seeded, external) are left alone. Never throws. */
  remove(url: string | null | undefined): Promise<void>;
  /**
   * Up to `limit` stored files in key order after `startAfter`, going on from the first key when the
   * end is reached (the cleanup of files no row points to, server/lib/cleanup.ts).
   */
  list(options: { startAfter: string; limit: number }): Promise<StoredFile[]>;
  /** Files named by their content (a cache, shared by every process): see CachedFiles. */
  cached: CachedFiles;
}

export type StoredFile = { key: string; url: string; modifiedAt: Date };

/**
 * Files the server names after what they hold (share cards: `share-cards/<sha256>.png`), so that every
 * process finds what another stored. They are a cache, apart from the uploads: their keys are not of
 * KEY_PATTERN's shape, so /uploads never serves them (the server does, after its own checks) and the
 * cleanup of files no row names never lists them (their own cleanup step removes old ones).
 */
export interface CachedFiles {
  /** Stores `data` under `key` (replacing what is there: the same name holds the same content). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  /** Up to `limit` files under `prefix` in key order after `startAfter`, going on from the first. */
  list(prefix: CachePrefix, options: { startAfter: string; limit: number }): Promise<{ key: string; modifiedAt: Date }[]>;
  /** Deletes the file; a missing one is no error. */
  remove(key: string): Promise<void>;
}

export const CACHE_PREFIXES = ['share-cards'] as const;
export type CachePrefix = (typeof CACHE_PREFIXES)[number];
// A name the server derived (a hash, base64url or hex), never a path: nothing can escape the folder.
const CACHE_KEY_PATTERN = new RegExp(`^(${CACHE_PREFIXES.join('|')})/[A-Za-z0-9_-]{16,100}\\.png$`);

function cacheKey(key: string): string {
  if (!CACHE_KEY_PATTERN.test(key)) throw new Error(`not a cache key: ${key}`);
  return key;
}

/** The `limit` keys after `startAfter` in order, then from the first (each once). */
function wrapAround(keys: string[], startAfter: string, limit: number): string[] {
  const sorted = [...keys].sort();
  const from = sorted.findIndex((key) => key > startAfter);
  const ordered = from < 0 ? sorted : [...sorted.slice(from), ...sorted.slice(0, from)];
  return ordered.slice(0, limit);
}

export const LOCAL_UPLOADS_PATH = '/uploads';
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp' };
const KEY_PATTERN = new RegExp(
  `^(${BUCKETS.join('|')})/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${Object.keys(CONTENT_TYPES).join('|')})$`,
);

export function newObjectKey(bucket: Bucket, extension: string): string {
  return `${bucket}/${randomUUID()}.${extension}`;
}

/** The key of a URL under `base`, only when it has the exact shape of a key we make. */
export function objectKeyOf(url: string, base: string): string | undefined {
  const prefix = `${base.replace(/\/$/, '')}/`;
  if (!url.startsWith(prefix)) return undefined;
  const key = url.slice(prefix.length);
  return KEY_PATTERN.test(key) ? key : undefined;
}

export function createLocalStorage(root: string, log: FastifyBaseLogger): Storage {
  return {
    async put(bucket, object) {
      const key = newObjectKey(bucket, object.extension);
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed, so a crash never leaves a half file under a served name.
      const temporary = `${file}.part`;
      await writeFile(temporary, object.data);
      await rename(temporary, file);
      return `${LOCAL_UPLOADS_PATH}/${key}`;
    },
    async remove(url) {
      const key = url ? objectKeyOf(url, LOCAL_UPLOADS_PATH) : undefined;
      if (!key) return;
      await unlink(path.join(root, key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') log.warn({ err, key }, 'could not delete an upload');
      });
    },
    async list({ startAfter, limit }) {
      const keys: string[] = [];
      for (const bucket of BUCKETS) {
        const names = await readdir(path.join(root, bucket)).catch(() => [] as string[]);
        for (const name of names) if (KEY_PATTERN.test(`${bucket}/${name}`)) keys.push(`${bucket}/${name}`);
      }
      const files = await Promise.all(
        wrapAround(keys, startAfter, limit).map(async (key) => {
          const info = await stat(path.join(root, key)).catch(() => undefined);
          return info ? { key, url: `${LOCAL_UPLOADS_PATH}/${key}`, modifiedAt: info.mtime } : undefined;
        }),
      );
      return files.filter((file) => file !== undefined);
    },
    cached: {
      async put(key, data) {
        const file = path.join(root, cacheKey(key));
        await mkdir(path.dirname(file), { recursive: true });
        // Aside then renamed, as an upload: a reader never gets half a file. Each writer has its own
        // temporary name (two processes may store the same card at once).
        const temporary = `${file}.${randomUUID()}.part`;
        await writeFile(temporary, data);
        await rename(temporary, file);
      },
      async get(key) {
        return readFile(path.join(root, cacheKey(key))).catch((err: NodeJS.ErrnoException) => {
          if (err.code === 'ENOENT') return undefined;
          throw err;
        });
      },
      async list(prefix, { startAfter, limit }) {
        const names = await readdir(path.join(root, prefix)).catch(() => [] as string[]);
        const keys = names.map((name) => `${prefix}/${name}`).filter((key) => CACHE_KEY_PATTERN.test(key));
        const files = await Promise.all(
          wrapAround(keys, startAfter, limit).map(async (key) => {
            const info = await stat(path.join(root, key)).catch(() => undefined);
            return info ? { key, modifiedAt: info.mtime } : undefined;
          }),
        );
        return files.filter((file) => file !== undefined);
      },
      async remove(key) {
        await unlink(path.join(root, cacheKey(key))).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'ENOENT') throw err;
        });
      },
    },
  };
}

export type S3Settings = NonNullable<Config['s3']>;

/** Where stored objects are read from: S3_PUBLIC_URL (a CDN), else the endpoint path-style, else AWS. */
export function s3PublicBase(s3: S3Settings): string {
  if (s3.publicUrl) return s3.publicUrl.replace(/\/$/, '');
  if (s3.endpoint) return `${s3.endpoint.replace(/\/$/, '')}/${s3.bucket}`;
  return `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}

export function createS3Storage(s3: S3Settings, log: FastifyBaseLogger): Storage {
  const base = s3PublicBase(s3);
  type S3 = typeof import('@aws-sdk/client-s3');
  // Loaded on first use: a server on local storage never pays for the SDK.
  let loaded: Promise<{ sdk: S3; client: InstanceType<S3['S3Client']> }> | undefined;
  const connect = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: s3.region,
        endpoint: s3.endpoint,
        forcePathStyle: Boolean(s3.endpoint),
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
        // S3-compatible services (MinIO, R2, …) do not all accept the SDK's default checksum headers,
        // and some take them wrongly: s3rver stores a streamed body's aws-chunked framing and checksum
        // trailer as the object's bytes (server/lib/storage-s3.test.ts reads every object back whole).
        // AWS S3 itself requires none for the operations made here.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  return {
    async put(bucket, object) {
      const { sdk, client } = await connect();
      const key = newObjectKey(bucket, object.extension);
      try {
        await client.send(
          new sdk.PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: object.data, ContentType: object.contentType, CacheControl: CACHE_CONTROL }),
        );
      } catch (err) {
        // A missing bucket, refused credentials or an unreachable server is the operator's to fix: the
        // log says which, and the uploader is told to try again later instead of "something went wrong".
        const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
        log.error({ err, bucket: s3.bucket, endpoint: s3.endpoint, key }, `S3 refused to store ${key} in bucket "${s3.bucket}": ${reason}`);
        fail('SERVICE_UNAVAILABLE');
      }
      return `${base}/${key}`;
    },
    async remove(url) {
      const key = url ? objectKeyOf(url, base) : undefined;
      if (!key) return;
      try {
        const { sdk, client } = await connect();
        await client.send(new sdk.DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
      } catch (err) {
        log.warn({ err, key }, 'could not delete an upload');
      }
    },
    async list({ startAfter, limit }) {
      const { sdk, client } = await connect();
      // One page (S3 gives up to 1000 keys) cut to `limit` here: s3rver, the tests' S3, fails a listing
      // that MaxKeys truncates.
      const page = async (after: string | undefined) =>
        ((await client.send(new sdk.ListObjectsV2Command({ Bucket: s3.bucket, StartAfter: after || undefined }))).Contents ?? []).filter(
          (object) => object.Key !== undefined && KEY_PATTERN.test(object.Key),
        );
      const found = (await page(startAfter)).slice(0, limit);
      // Past the last key, on from the first.
      if (found.length < limit) {
        const seen = new Set(found.map((f) => f.Key));
        found.push(...(await page(undefined)).filter((o) => !seen.has(o.Key)).slice(0, limit - found.length));
      }
      return found.map((object) => ({ key: object.Key!, url: `${base}/${object.Key!}`, modifiedAt: object.LastModified ?? new Date() }));
    },
    cached: {
      async put(key, data, contentType) {
        const { sdk, client } = await connect();
        await client.send(new sdk.PutObjectCommand({ Bucket: s3.bucket, Key: cacheKey(key), Body: data, ContentType: contentType }));
      },
      async get(key) {
        const { sdk, client } = await connect();
        try {
          const object = await client.send(new sdk.GetObjectCommand({ Bucket: s3.bucket, Key: cacheKey(key) }));
          return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
        } catch (err) {
          if (err instanceof sdk.NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return undefined;
          throw err;
        }
      },
      async list(prefix, { startAfter, limit }) {
        const { sdk, client } = await connect();
        // One page, as for the uploads (s3rver fails a listing MaxKeys truncates), then from the first.
        const page = async (after: string | undefined) =>
          (
            (await client.send(new sdk.ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${prefix}/`, StartAfter: after || undefined }))).Contents ?? []
          ).filter((object) => object.Key !== undefined && CACHE_KEY_PATTERN.test(object.Key));
        const found = (await page(startAfter)).slice(0, limit);
        if (found.length < limit) {
          const seen = new Set(found.map((f) => f.Key));
          found.push(...(await page(undefined)).filter((o) => !seen.has(o.Key)).slice(0, limit - found.length));
        }
        return found.map((object) => ({ key: object.Key!, modifiedAt: object.LastModified ?? new Date() }));
      },
      async remove(key) {
        const { sdk, client } = await connect();
        await client.send(new sdk.DeleteObjectCommand({ Bucket: s3.bucket, Key: cacheKey(key) }));
      },
    },
  };
}

export function localUploadsDir(config: Config): string {
  return path.join(config.dataDir, 'uploads');
}

export function createStorage(config: Config, log: FastifyBaseLogger): Storage {
  return config.s3 ? createS3Storage(config.s3, log) : createLocalStorage(localUploadsDir(config), log);
}

/** Serves local uploads; the names are checked against the shape we make, so no path can escape the folder. */
export function serveLocalUploads(app: FastifyInstance, root: string): void {
  app.get(`${LOCAL_UPLOADS_PATH}/:bucket/:name`, { schema: { hide: true } }, async (request, reply) => {
    const { bucket, name } = request.params as { bucket: string; name: string };
    const key = `${bucket}/${name}`;
    if (!KEY_PATTERN.test(key)) fail('NOT_FOUND');
    const file = path.join(root, key);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) fail('NOT_FOUND');
    return reply
      .header('content-type', CONTENT_TYPES[path.extname(name).slice(1)]!)
      .header('content-length', info.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', CACHE_CONTROL)
      .send(createReadStream(file));
  });
}
