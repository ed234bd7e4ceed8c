import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { CONTENT, insertContent, insertTeam } from '../../security/catalogue.ts';
import { contentTestKit, type User } from '../../test/content-kit.ts';
import { shareCardPath } from '../../../common/share-cards.ts';
import { CARD_HEIGHT, CARD_WIDTH, cardSvg, wrap } from './share-cards.svg.ts';

const kit = contentTestKit('event');
const db = () => kit.t.app.db;
const spec = (type: string) => CONTENT.find((c) => c.type === type)!;
let author: User;
beforeAll(async () => {
  author = await kit.user('Card Author');
});

const card = (path: string, headers: Record<string, string> = {}) => kit.t.app.inject({ method: 'GET', url: path, headers });

describe('share cards', () => {
  test('an approved item without a photo gets a 1200×630 picture, the same bytes each time', async () => {
    const id = await insertContent(db(), spec('event'), author, `Dawn Patrol ${kit.token()}`);
    const first = await card(`/api/share-cards/event/${id}.png?lang=en`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'png', width: CARD_WIDTH, height: CARD_HEIGHT });
    expect((await card(`/api/share-cards/event/${id}.png?lang=en`)).rawPayload.equals(first.rawPayload)).toBe(true);
    // Another language draws another card (its site name and date are the language's).
    expect((await card(`/api/share-cards/event/${id}.png?lang=ar`)).rawPayload.equals(first.rawPayload)).toBe(false);
  });

  test('every kind of item has one: places, articles, reviews, shops, tricks, teams and profiles', async () => {
    for (const type of ['place', 'article', 'review', 'shop', 'trick'] as const) {
      const id = await insertContent(db(), spec(type), author, `Card ${type} ${kit.token()}`);
      expect((await card(`/api/share-cards/${type}/${id}.png`)).statusCode, type).toBe(200);
    }
    expect((await card(`/api/share-cards/team/${await insertTeam(db(), author)}.png`)).statusCode).toBe(200);
    expect((await card(`/api/share-cards/profile/${author.id}.png`)).statusCode).toBe(200);
  });

  test('nothing the public may not see: a pending item, a secret spot, an unknown one', async () => {
    const pending = await insertContent(db(), spec('event'), author, `Pending ${kit.token()}`, 'pending');
    expect((await card(`/api/share-cards/event/${pending}.png`)).statusCode).toBe(404);
    // A secret spot is never approved: its author alone sees it (its page is theirs), its card nobody.
    const secret = await insertContent(db(), spec('place'), author, `Secret ${kit.token()}`, 'pending');
    await db().updateTable('places').set({ visibility: 'private' }).where('id', '=', secret).execute();
    expect((await kit.call('GET', `/api/places/${secret}`, author)).statusCode).toBe(200);
    expect((await card(`/api/share-cards/place/${secret}.png`, { cookie: author.cookie })).statusCode).toBe(404);
    expect((await card('/api/share-cards/event/00000000-0000-4000-8000-000000000000.png')).statusCode).toBe(404);
    expect((await card(`/api/share-cards/session/${pending}.png`)).statusCode).toBe(400);
    expect((await card(`/api/share-cards/event/${pending}.png?lang=xx`)).statusCode).toBe(400);
  });

  // Issue 37: cards went out with max-age=3600, so a spot made secret kept its card in shared caches for an hour.
  test('shared caches keep a card a minute at most; a spot made secret is refused at once', async () => {
    const id = await insertContent(db(), spec('place'), author, `Reef ${kit.token()}`);
    const shown = await card(`/api/share-cards/place/${id}.png?lang=en`);
    expect(shown.statusCode).toBe(200);
    const maxAge = Number(/^public, max-age=(\d+)$/.exec(String(shown.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(60);
    await db().updateTable('places').set({ visibility: 'private', status: 'pending' }).where('id', '=', id).execute();
    // Past the server's own cache of public reads (HTTP_CACHE_SECONDS in tests: none), nothing.
    const hidden = await card(`/api/share-cards/place/${id}.png?lang=en`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.headers['content-type']).not.toBe('image/png');
  });

  test("a card's address named by what it shows (web/lib/share.test.ts) is taken; a malformed name is refused", async () => {
    const id = await insertContent(db(), spec('place'), author, `Versioned ${kit.token()}`);
    const named = await card(`${shareCardPath('place', id, ['Versioned', 'surfing'])}&lang=en`);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.headers['content-type']).toBe('image/png');
    for (const bad of ['z'.repeat(17), 'A%3Cb%3E']) expect((await card(`/api/share-cards/place/${id}.png?v=${bad}`)).statusCode, bad).toBe(400);
  });

  test('a title in a script the machine has no font for previews with the logo rather than boxes', async () => {
    const id = await insertContent(db(), spec('event'), author, `北海道 滑雪 ${kit.token()}`);
    const res = await card(`/api/share-cards/event/${id}.png?lang=zh`);
    let cjkFont = false;
    try {
      cjkFont = execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).trim() !== '';
    } catch {
      // No fontconfig tool: no font either.
    }
    if (cjkFont) expect(res.statusCode).toBe(200);
    else expect([res.statusCode, res.headers.location]).toEqual([302, '/logo.png']);
  });

  test('long titles wrap on three lines at most, cut with an ellipsis; text is escaped', () => {
    const lines = wrap('Hossegor Pro Surf Contest and Beach Party Weekend Extravaganza of the Whole Year 2027');
    expect(lines).toHaveLength(3);
    expect(lines[2]!.endsWith('…')).toBe(true);
    expect(wrap('Short one')).toEqual(['Short one']);
    // Fourteen wide letters fill a line; twenty take two, uncut and without spaces.
    expect(wrap('北海道滑雪大赛和冬季派对周末二零二七年十二月')).toEqual(['北海道滑雪大赛和冬季派对周末', '二零二七年十二月']);
    // A word wider than a line is cut into pieces, not spelled out.
    expect(wrap('Supercalifragilisticexpialidocious-shred-session')).toEqual(['Supercalifragilisticexpialid', 'ocious-shred-session']);
    expect(cardSvg({ title: '<script>&', subtitle: '"x"', site: 'Stoked', dir: 'ltr' })).not.toMatch(/<script>|&(?!#)/);
  });
});
