import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AdminUserPage } from '../../common/admin-users.ts';
import { COUNT_CAP } from '../../common/paging.ts';
import type { AthleteList } from '../../common/profiles.ts';
import { contentTestKit } from '../test/content-kit.ts';
import { countRows } from './content.ts';

// More confirmed surfers than COUNT_CAP: 1,000 in "Capton Bay", one in "Capton Point", the rest elsewhere.
const PEOPLE = COUNT_CAP + 205;
const kit = contentTestKit('place');

beforeAll(async () => {
  const db = kit.t.app.db;
  await sql`
    insert into profiles (id, name, email, email_verified, location, role, banned, created_at, updated_at)
    select 'cap-u-' || n, 'Capper Rider ' || n, 'cap-u-' || n || '@test.invalid', true,
      case when n <= ${COUNT_CAP}::int then 'Capton Bay' when n = ${COUNT_CAP + 1}::int then 'Capton Point' else 'Elsewhere' end,
      'user', false, now(), now()
    from generate_series(1, ${PEOPLE}::int) n`.execute(db);
  await sql`insert into discipline_followers (user_id, discipline_id) select 'cap-u-' || n, 'surfing' from generate_series(1, ${PEOPLE}::int) n`.execute(db);
});

async function athletes(query: string): Promise<AthleteList> {
  const res = await kit.t.app.inject({ url: `/api/disciplines/surfing/athletes${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AthleteList;
}

describe('totals of filtered lists stop at COUNT_CAP', () => {
  test('a search matching more than COUNT_CAP rows answers COUNT_CAP and totalCapped, and still pages past them', async () => {
    const first = await athletes('?q=capper&limit=50');
    expect({ total: first.total, totalCapped: first.totalCapped, items: first.items.length }).toEqual({ total: COUNT_CAP, totalCapped: true, items: 50 });
    expect(await athletes('?q=capton&limit=50')).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    // A 1- or 2-character search's total is a kept count (migration 0008), capped alike.
    expect(await athletes('?q=CA&limit=50')).toMatchObject({ total: COUNT_CAP, totalCapped: true });

    // Items 1,001-1,050 (page 21 of 50): a full page past the cap.
    const pastCap = await athletes('?q=capper&limit=50&page=21');
    expect({ total: pastCap.total, totalCapped: pastCap.totalCapped, items: pastCap.items.length }).toEqual({ total: COUNT_CAP, totalCapped: true, items: 50 });
    const seen = new Set<string>();
    for (let page = 1; page <= 25; page++) for (const a of (await athletes(`?q=capper&limit=50&page=${page}`)).items) seen.add(a.id);
    expect(seen.size).toBe(PEOPLE);

    // The last, partial page tells the exact total.
    const last = await athletes('?q=capper&limit=50&page=25');
    expect({ total: last.total, totalCapped: last.totalCapped, items: last.items.length }).toEqual({ total: PEOPLE, totalCapped: false, items: 5 });
  });

  test('the count reads at most COUNT_CAP + 1 matching rows', async () => {
    const db = kit.t.app.db;
    expect(await countRows(db, db.selectFrom('profiles').select('id').where('name', 'like', 'Capper Rider %'))).toBe(COUNT_CAP + 1);
    expect(await countRows(db, db.selectFrom('profiles').select('id').where('name', 'like', 'Capper Rider 11%'))).toBe(111);
  });

  test('a search matching COUNT_CAP rows or fewer answers its exact total', async () => {
    expect(await athletes('?q=capton%20bay&limit=12')).toMatchObject({ total: COUNT_CAP, totalCapped: false });
    // Capper Rider 11, 110-119, 1100-1199.
    expect(await athletes('?q=capper%20rider%2011&limit=12')).toMatchObject({ total: 111, totalCapped: false });
  });

  test('an unfiltered list keeps its exact total past COUNT_CAP', async () => {
    const all = await athletes('?limit=12');
    expect({ totalCapped: all.totalCapped, atLeast: all.total >= PEOPLE }).toEqual({ totalCapped: false, atLeast: true });
  });

  test("the admin's user search is capped too, and says there is more while its pages are full", async () => {
    const list = async (query: string) => {
      const res = await kit.call('GET', `/api/admin/users${query}`, kit.admin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AdminUserPage;
    };
    expect(await list('?q=capper&limit=50&page=21')).toMatchObject({ total: COUNT_CAP, totalCapped: true, hasMore: true });
    expect(await list('?q=capper&limit=50&page=25')).toMatchObject({ total: PEOPLE, totalCapped: false, hasMore: false });
    expect(await list('?q=capper&limit=50&page=26')).toMatchObject({ items: [], totalCapped: true, hasMore: false });
  });
});
