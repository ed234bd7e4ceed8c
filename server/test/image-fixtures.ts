import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A photo-like picture (noise), so that encoders cannot shrink it to nothing. */
function noise(width: number, height: number) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
}

export const png = (width = 800, height = 600) => noise(width, height).png().toBuffer();
export const jpeg = (width = 800, height = 600) => noise(width, height).jpeg().toBuffer();
export const gif = () => noise(120, 80).gif().toBuffer();
export const webp = () => noise(120, 80).webp().toBuffer();
export const avif = () => noise(120, 80).avif().toBuffer();
export const tiff = () => noise(120, 80).tiff().toBuffer();

/** A JPEG carrying a camera's EXIF block with a GPS position. */
export const jpegWithGps = () =>
  noise(640, 480)
    .jpeg()
    .withExif({
      IFD0: { Make: 'StokedCam', Model: 'Sharp 1', Copyright: 'secret-owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4024/100' },
    })
    .toBuffer();

/** 200×100 pixels stored sideways, with EXIF orientation 6 (display rotated 90°). */
export const sidewaysJpeg = () => noise(200, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();

/** The first half of a real JPEG. */
export async function truncatedJpeg(): Promise<Buffer> {
  const full = await jpeg(1200, 900);
  return full.subarray(0, Math.floor(full.length / 2));
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of a few hundred bytes whose header declares width × height pixels (a decompression bomb). */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no interlace
  const firstRows = deflateSync(Buffer.alloc(4 * (1 + width * 3)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', firstRows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.cookie)</script></svg>';
export const html = '<!doctype html><html><body><script>alert(document.cookie)</script><img src=x onerror=alert(1)></body></html>';
