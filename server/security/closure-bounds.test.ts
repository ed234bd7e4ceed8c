import { describe, expect, test } from 'vitest';
import { CLOSURE_MAX_DAYS, closuresOverlap, PLACE_CLOSURES_MAX } from '../../common/place-access.ts';
import { contentTestKit } from '../test/content-kit.ts';
import { fingerprint } from '../test/db-fingerprint.ts';
import { CONTENT, insertContent } from './catalogue.ts';

/**
 * Issue 37's class of hole 1 at a place's closures: a one-off closure's years set how far the overlap
 * check walks, and a place's closures how many it checks and the place page lists. A closure lasts
 * at most two years, a place keeps at most 100, and the check walks only the years that matter.
 */
const kit = contentTestKit('place');
const db = () => kit.t.app.db;
const place = () =>
  insertContent(
    db(),
    CONTENT.find((c) => c.type === 'place')!,
    kit.admin,
    `Closed ${kit.token('p')}`,
  );
const add = (placeId: string, body: Record<string, unknown>) => kit.call('POST', `/api/places/${placeId}/closures`, kit.admin, { reason: 'Works', ...body });
const codeOf = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, code: (res.json() as { code?: string }).code });
const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('closures are bounded', () => {
  test('a one-off closure over two years → 400 CLOSURE_SPAN_TOO_LONG, nothing stored; two years exactly is taken', async () => {
    const id = await place();
    const before = await fingerprint(db());
    expect(codeOf(await add(id, { startsOn: '2030-01-01', endsOn: '9999-12-31' }))).toEqual({ status: 400, code: 'CLOSURE_SPAN_TOO_LONG' });
    expect(codeOf(await add(id, { startsOn: '2030-01-01', endsOn: dayAfter('2030-01-01', CLOSURE_MAX_DAYS + 1) }))).toEqual({
      status: 400,
      code: 'CLOSURE_SPAN_TOO_LONG',
    });
    expect(await fingerprint(db())).toEqual(before);
    expect((await add(id, { startsOn: '2030-01-01', endsOn: dayAfter('2030-01-01', CLOSURE_MAX_DAYS) })).statusCode).toBe(201);
  });

  test('a place keeps at most 100 closures: the next → 409 CLOSURES_TOO_MANY, nothing stored', async () => {
    const id = await place();
    const rows = Array.from({ length: PLACE_CLOSURES_MAX }, (_, i) => ({
      place_id: id,
      starts_on: dayAfter('2031-01-01', i * 2),
      ends_on: dayAfter('2031-01-01', i * 2),
      reason: `Day ${i}`,
    }));
    await db().insertInto('place_closures').values(rows).execute();
    const before = await fingerprint(db());
    expect(codeOf(await add(id, { startsOn: '2040-01-01', endsOn: '2040-01-02' }))).toEqual({ status: 409, code: 'CLOSURES_TOO_MANY' });
    expect(await fingerprint(db())).toEqual(before);
  });

  test('the overlap check walks only the years that matter: a yearly closure of the year 1 against days of 9999', () => {
    const yearly = { startsOn: '0001-06-01', endsOn: '0001-06-10', yearly: true };
    const started = performance.now();
    for (let i = 0; i < 100; i++) {
      expect(closuresOverlap(yearly, { startsOn: '9999-06-05', endsOn: '9999-06-06', yearly: false })).toBe(true);
      expect(closuresOverlap(yearly, { startsOn: '9999-07-05', endsOn: '9999-07-06', yearly: false })).toBe(false);
      expect(closuresOverlap(yearly, { startsOn: '9998-06-09', endsOn: '9998-06-20', yearly: true })).toBe(true);
    }
    // 300 checks: each walked 10,000 years before (about 1 s in all).
    expect(performance.now() - started).toBeLessThan(100);
  });
});
