import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp, { type Metadata, type ResizeOptions, type Sharp } from 'sharp';
import { AppError, fail } from './errors.ts';
import { requireUser } from './session.ts';
import type { Bucket, StoredObject } from './storage.ts';

export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
/** A decompression bomb declares a huge canvas in a few bytes: refused from the header, before decoding. */
export const MAX_INPUT_PIXELS = 40_000_000;
const UPLOADS_PER_HOUR = { user: 60, ip: 300 };

export type ImageKind = 'avatar' | 'banner' | 'logo' | 'site-asset' | 'background';

const KINDS: Record<ImageKind, { bucket: Bucket; resize: ResizeOptions }> = {
  avatar: { bucket: 'avatars', resize: { width: 400, height: 400, fit: 'cover' } },
  logo: { bucket: 'logos', resize: { width: 400, height: 400, fit: 'cover' } },
  banner: { bucket: 'banners', resize: { width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true } },
  'site-asset': { bucket: 'site-assets', resize: { width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true } },
  // A full-width page background, wider than the rest.
  background: { bucket: 'backgrounds', resize: { width: 1920, height: 1920, fit: 'inside', withoutEnlargement: true } },
};

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/**
 * The formats we decode, told by their first bytes, so that SVG, HTML or anything else never
 * reaches a decoder whatever its name or declared type.
 */
export function sniffImageFormat(bytes: Buffer): 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
    for (let i = 8; i + 4 <= boxSize; i += 4) {
      const brand = ascii(bytes, i, i + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return undefined;
}

/** Judges an upload by its bytes: a decoder for it, told by its first bytes and not its name, within the pixel limit. */
async function decodeImage(input: Buffer): Promise<{ image: Sharp; meta: Metadata }> {
  const format = sniffImageFormat(input);
  if (!format) fail('INVALID_IMAGE');
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' });
  const meta = await image.metadata();
  const decoded = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : 'heic') : meta.format;
  if (decoded !== format || (meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) fail('INVALID_IMAGE');
  return { image, meta };
}

/** Runs `encode` on a judged upload; anything the decoder cannot read is INVALID_IMAGE. */
async function reencode<T>(input: Buffer, encode: (decoded: { image: Sharp; meta: Metadata }) => Promise<T>): Promise<T> {
  try {
    return await encode(await decodeImage(input));
  } catch (error) {
    if (error instanceof AppError) throw error;
    fail('INVALID_IMAGE');
  }
}

const WEBP = { contentType: 'image/webp', extension: 'webp' } as const;

/** Judges an upload by its bytes and re-encodes it: oriented, resized for its kind, WebP, no metadata. */
export async function processImage(input: Buffer, kind: ImageKind): Promise<StoredObject> {
  return reencode(input, async ({ image }) => {
    // sharp writes no EXIF, XMP or ICC data unless asked to: GPS positions and camera details go.
    const data = await image.rotate().resize(KINDS[kind].resize).webp({ quality: 82 }).toBuffer();
    return { data, ...WEBP };
  });
}

export type PhotoVariant = { width: number; height: number; object: StoredObject };

/**
 * A photo in each of `widths` narrower than itself and at its own width up to the largest (never
 * enlarged), from one decode: oriented, WebP, no metadata (no GPS). Smallest first.
 */
export async function processPhoto(input: Buffer, widths: readonly number[]): Promise<PhotoVariant[]> {
  return reencode(input, async ({ image, meta }) => {
    const sideways = (meta.orientation ?? 1) >= 5;
    const own = (sideways ? meta.height : meta.width) ?? 1;
    const largest = Math.max(...widths);
    const chosen = [...new Set([...widths.filter((w) => w < own), Math.min(own, largest)])].sort((a, b) => a - b);
    const oriented = image.rotate();
    return Promise.all(
      chosen.map(async (width) => {
        const { data, info } = await oriented.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, object: { data, ...WEBP } };
      }),
    );
  });
}

export const multipartOptions = {
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10, headerPairs: 50 },
};

// Room for the multipart envelope around a file of the largest size.
export const MAX_REQUEST_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

/**
 * Reads the one file of a multipart request (field `file`). Past the size limit the stream is
 * dropped, not buffered: at most MAX_UPLOAD_BYTES are held.
 */
export async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  return (await readUpload(request)).data;
}

/** The file of a multipart request (field `file`) and its short text fields (`alt`…), as readImageUpload reads it. */
export async function readUpload(request: FastifyRequest): Promise<{ data: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) fail('UNSUPPORTED_MEDIA_TYPE');
  if (Number(request.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES) fail('FILE_TOO_LARGE');
  let data: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      data = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') fail('FILE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') fail('TOO_MANY_FILES');
    fail('VALIDATION_ERROR');
  }
  if (!data?.length) fail('REQUIRED');
  return { data, fields };
}

/** One upload of the signed-in sender within the hourly limits (per person and per address). */
export async function consumeUploadAllowance(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const user = await requireUser(request);
  await app.limiter.consume(`upload:user:${user.id}`, { max: UPLOADS_PER_HOUR.user, windowSeconds: 3600 });
  await app.limiter.consume(`upload:ip:${request.ip}`, { max: UPLOADS_PER_HOUR.ip, windowSeconds: 3600 });
}

/**
 * The whole upload of one image: read, judged, re-encoded and stored under a new name.
 * Call it once the caller's right to change the target is checked. Returns the public URL.
 */
export async function storeImageUpload(app: FastifyInstance, request: FastifyRequest, kind: ImageKind): Promise<string> {
  await consumeUploadAllowance(app, request);
  const image = await processImage(await readImageUpload(request), kind);
  return app.storage.put(KINDS[kind].bucket, image);
}
