import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TeamDetail } from '../../../common/teams.ts';
import * as fixtures from '../../test/image-fixtures.ts';
import { fileUpload, multipartBody } from '../../test/multipart.ts';
import { expectError, ORIGIN, teamsTestKit, type User } from './teams-test-kit.ts';

/** A team’s logo and banner: uploads, replacements, refusals. */

const kit = teamsTestKit();
const { call, upload, user, admin, createTeam, approvedTeam, snapshot, uploadedFile, storedFiles } = kit;

beforeAll(() => kit.start());
afterAll(() => kit.stop());

describe('logo and banner uploads', () => {
  /** A team nobody approved yet: its leader's images apply at once (on an approved team they wait for review). */
  async function teamBeingSetUp() {
    const leader = await user();
    return { team: await createTeam(leader), leader };
  }

  test('a PNG named .jpg is judged by its bytes and stored as WebP under a server-made name; served with nosniff', async () => {
    const { team, leader } = await teamBeingSetUp();
    const res = await upload(`/api/teams/${team.id}/logo`, leader, fileUpload(await fixtures.png(900, 500), '../../evil name.jpg', 'image/jpeg'));
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as TeamDetail;
    expect(detail.logoUrl).toMatch(/^\/uploads\/logos\/[0-9a-f-]{36}\.webp$/);
    expect(detail.logoUrl).not.toContain('evil');
    expect((await snapshot(team.id)).team!.logo_url).toBe(detail.logoUrl);

    const served = await call('GET', detail.logoUrl!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
  });

  test('the banner keeps its ratio within 1600 wide; replacing it deletes the old file; DELETE clears it and its file', async () => {
    const { team, leader } = await teamBeingSetUp();
    const first = (
      await upload(`/api/teams/${team.id}/banner`, leader, fileUpload(await fixtures.jpeg(2000, 500), 'b.jpg', 'image/jpeg'))
    ).json() as TeamDetail;
    const firstFile = uploadedFile(first.bannerUrl!);
    expect(await sharp(firstFile).metadata()).toMatchObject({ width: 1600, height: 400 });

    const second = (await upload(`/api/teams/${team.id}/banner`, leader, fileUpload(await fixtures.webp(), 'b.webp', 'image/webp'))).json() as TeamDetail;
    expect(second.bannerUrl).not.toBe(first.bannerUrl);
    expect(existsSync(firstFile)).toBe(false);
    const secondFile = uploadedFile(second.bannerUrl!);
    expect(existsSync(secondFile)).toBe(true);

    const cleared = await call('DELETE', `/api/teams/${team.id}/banner`, leader);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ bannerUrl: null });
    expect(existsSync(secondFile)).toBe(false);
    expect((await call('GET', second.bannerUrl!)).statusCode).toBe(404);
  });

  test('an admin may upload', async () => {
    const { team } = await approvedTeam();
    const res = await upload(`/api/teams/${team.id}/logo`, await admin(), fileUpload(await fixtures.gif(), 'a.gif', 'image/gif'));
    expect(res.statusCode).toBe(200);
  });

  describe('refusals (nothing stored, the team unchanged)', () => {
    let team: TeamDetail;
    let leader: User;
    beforeAll(async () => {
      ({ team, leader } = await approvedTeam());
    });

    async function refused(body: { payload: Buffer; headers: Record<string, string> }, status: number, code: string) {
      const before = await snapshot(team.id);
      const files = storedFiles();
      const started = performance.now();
      const res = await upload(`/api/teams/${team.id}/logo`, leader, body);
      expectError(res, status, code);
      expect(await snapshot(team.id)).toEqual(before);
      expect(storedFiles()).toEqual(files);
      return performance.now() - started;
    }

    test('SVG sent as image/png → 400 INVALID_IMAGE', async () => {
      await refused(fileUpload(fixtures.svg, 'logo.png', 'image/png'), 400, 'INVALID_IMAGE');
    });

    test('HTML sent as image/png → 400 INVALID_IMAGE', async () => {
      await refused(fileUpload(fixtures.html, 'logo.png', 'image/png'), 400, 'INVALID_IMAGE');
    });

    test('a truncated JPEG → 400 INVALID_IMAGE, not 500', async () => {
      await refused(fileUpload(await fixtures.truncatedJpeg(), 'photo.jpg', 'image/jpeg'), 400, 'INVALID_IMAGE');
    });

    test('a small PNG declaring 17000×17000 pixels → 400 quickly', async () => {
      const ms = await refused(fileUpload(fixtures.pngDeclaring(17000, 17000)), 400, 'INVALID_IMAGE');
      expect(ms).toBeLessThan(2000);
    });

    test('over 8 MiB → 413 FILE_TOO_LARGE (refused from its declared length)', async () => {
      await refused(fileUpload(Buffer.alloc(8 * 1024 * 1024 + 1, 1)), 413, 'FILE_TOO_LARGE');
    });

    test('over 8 MiB without a declared length → 413 FILE_TOO_LARGE (the stream is cut at the limit)', async () => {
      const body = fileUpload(Buffer.concat([await fixtures.png(), Buffer.alloc(9 * 1024 * 1024)]));
      const before = await snapshot(team.id);
      const res = await kit.t.app.inject({
        method: 'PUT',
        url: `/api/teams/${team.id}/logo`,
        headers: { origin: ORIGIN, cookie: leader.cookie, ...body.headers },
        payload: Readable.from([body.payload.subarray(0, 1024 * 1024), body.payload.subarray(1024 * 1024)]),
      });
      expectError(res, 413, 'FILE_TOO_LARGE');
      expect(await snapshot(team.id)).toEqual(before);
    });

    test('two files → 400 TOO_MANY_FILES', async () => {
      const image = await fixtures.png(64, 64);
      await refused(
        multipartBody([
          { filename: 'a.png', type: 'image/png', data: image },
          { filename: 'b.png', type: 'image/png', data: image },
        ]),
        400,
        'TOO_MANY_FILES',
      );
    });

    test('no file → 400 REQUIRED; a JSON body → 415', async () => {
      await refused(multipartBody([{ field: 'note', data: 'hello' }]), 400, 'REQUIRED');
      const before = await snapshot(team.id);
      const res = await call('PUT', `/api/teams/${team.id}/logo`, leader, { file: 'data:image/png;base64,AAAA' });
      expect(res.statusCode).toBe(415);
      expect(await snapshot(team.id)).toEqual(before);
    });
  });

  test('a JPEG with EXIF GPS comes out without EXIF', async () => {
    const { team, leader } = await teamBeingSetUp();
    const res = await upload(`/api/teams/${team.id}/banner`, leader, fileUpload(await fixtures.jpegWithGps(), 'gps.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    const served = await call('GET', (res.json() as TeamDetail).bannerUrl!);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.toString('latin1')).not.toContain('StokedCam');
  });

  test('uploads paths that are not ours → 404', async () => {
    for (const url of [
      '/uploads/logos/..%2f..%2fauth-secret',
      '/uploads/logos/auth-secret',
      '/uploads/logos/11111111-1111-4111-8111-111111111111.webp.html',
      '/uploads/secret/11111111-1111-4111-8111-111111111111.webp',
      '/uploads/logos/11111111-1111-4111-8111-111111111111.webp',
    ]) {
      expect((await call('GET', url)).statusCode, url).toBe(404);
    }
  });
});
