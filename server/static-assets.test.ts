import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { useTestApp } from './test/use-test-app.ts';

/** Built assets go out as the .br or .gz the build wrote next to them, whichever the client accepts. */

const webDist = mkdtempSync(path.join(tmpdir(), 'stoked-web-'));
const script = `export const greeting = ${JSON.stringify('stoked '.repeat(500))};\n`;
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
writeFileSync(path.join(webDist, 'assets/app-abc123.js'), script);
writeFileSync(path.join(webDist, 'assets/app-abc123.js.br'), brotliCompressSync(script));
writeFileSync(path.join(webDist, 'assets/app-abc123.js.gz'), gzipSync(script));

const t = useTestApp({ webDist });
afterAll(async () => {
  rmSync(webDist, { recursive: true, force: true });
});

describe('precompressed assets', () => {
  test('brotli when accepted, gzip when only that is, plain otherwise; cached for good either way', async () => {
    const url = '/assets/app-abc123.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['content-type'])).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
