import { randomBytes } from 'node:crypto';

export type Part = { field?: string; filename?: string; type?: string; data: Buffer | string };

/** A multipart/form-data body for app.inject: parts with a filename are files (field `file` unless told). */
export function multipartBody(parts: Part[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----stoked${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const name = part.field ?? 'file';
    const disposition = part.filename === undefined ? `form-data; name="${name}"` : `form-data; name="${name}"; filename="${part.filename}"`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** One file in field `file`. */
export function fileUpload(data: Buffer | string, filename = 'image.png', type = 'image/png') {
  return multipartBody([{ filename, type, data }]);
}
