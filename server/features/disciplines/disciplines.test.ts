import { describe, expect, test } from 'vitest';
import { signUpVerified, RELAXED_LIMITS } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const LANGUAGES = ['en', 'es', 'fr', 'it', 'de', 'ar', 'zh', 'pl', 'ru'];
const CATEGORY_ORDER = ['water', 'sky', 'snow', 'motor', 'desert', 'urban', 'mountain'];

type Names = Record<string, string>;
type Discipline = { id: string; name: string; names: Names; icon: string; color: string };
type Category = Discipline & { disciplines: Discipline[] };
type Hub = Discipline & {
  categoryIds: string[];
  categories: Discipline[];
  stats: { members: number; spots: number; events: number; tricks: number };
  following: boolean;
};

const t = useTestApp(RELAXED_LIMITS);

async function hub(id: string, cookie?: string): Promise<Hub> {
  const res = await t.app.inject({ method: 'GET', url: `/api/disciplines/${id}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  return res.json() as Hub;
}

function follow(id: string, cookie?: string) {
  return t.app.inject({ method: 'PUT', url: `/api/disciplines/${id}/follow`, headers: cookie ? { cookie } : {} });
}

function unfollow(id: string, cookie?: string) {
  return t.app.inject({ method: 'DELETE', url: `/api/disciplines/${id}/follow`, headers: cookie ? { cookie } : {} });
}

async function followRows(disciplineId: string, userId?: string) {
  let q = t.app.db.selectFrom('discipline_followers').selectAll().where('discipline_id', '=', disciplineId);
  if (userId) q = q.where('user_id', '=', userId);
  return q.execute();
}

function expectAllLanguages(names: Names) {
  expect(Object.keys(names).sort()).toEqual([...LANGUAGES].sort());
  for (const lang of LANGUAGES) {
    expect(typeof names[lang], lang).toBe('string');
    expect(names[lang]!.trim().length, lang).toBeGreaterThan(0);
  }
}

describe('categories', () => {
  test('GET /api/categories: 7 categories in order, 28 disciplines, names in nine languages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    const categories = res.json() as Category[];
    expect(categories.map((c) => c.id)).toEqual(CATEGORY_ORDER);

    const disciplines = categories.flatMap((c) => c.disciplines);
    expect(disciplines).toHaveLength(28);
    expect(new Set(disciplines.map((d) => d.id)).size).toBe(28);
    for (const c of categories) {
      expectAllLanguages(c.names);
      expect(c.name).toBe(c.names.en);
      expect(c.disciplines.length).toBeGreaterThan(0);
      for (const d of c.disciplines) {
        expectAllLanguages(d.names);
        expect(d.name).toBe(d.names.en);
        expect(d.icon).not.toBe('');
        expect(d.color).toMatch(/^#[0-9a-f]{6}$/i);
      }
    }
    // The API agrees with the database.
    const count = await t.app.db
      .selectFrom('disciplines')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(28);
  });

  test('GET /api/categories/water lists its five disciplines', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories/water' });
    expect(res.statusCode).toBe(200);
    const water = res.json() as Category;
    expect(water.id).toBe('water');
    expect(water.names.en).toBe('Water');
    expect(water.disciplines.map((d) => d.id).sort()).toEqual(['diving', 'kitesurfing', 'rafting', 'surfing', 'wakeboarding']);
  });

  test('an unknown category → 404 CATEGORY_NOT_FOUND', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories/lava' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'CATEGORY_NOT_FOUND', message: expect.any(String) });
  });

  test('GET /api/disciplines lists all 28 with their category ids', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/disciplines' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as (Discipline & { categoryIds: string[] })[];
    expect(list).toHaveLength(28);
    expect(list.find((d) => d.id === 'surfing')?.categoryIds).toEqual(['water']);
    expect(list.find((d) => d.id === 'parkour')?.categoryIds).toEqual(['urban']);
  });
});

describe('discipline hub', () => {
  test('GET /api/disciplines/surfing signed out: numeric stats, following false', async () => {
    const h = await hub('surfing');
    expect(h).toMatchObject({ id: 'surfing', name: 'Surfing', categoryIds: ['water'], following: false });
    expectAllLanguages(h.names);
    expect(h.categories.map((c) => c.id)).toEqual(['water']);
    expect(Object.keys(h.stats).sort()).toEqual(['events', 'members', 'spots', 'tricks']);
    for (const value of Object.values(h.stats)) {
      expect(typeof value).toBe('number');
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(0);
    }
  });

  test('an unknown discipline → 404 DISCIPLINE_NOT_FOUND', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/disciplines/underwater-basket-weaving' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'DISCIPLINE_NOT_FOUND', message: expect.any(String) });
  });

  test('the hub counts only approved spots, events and tricks', async () => {
    const id = 'rafting';
    const before = (await hub(id)).stats;
    const author = await signUpVerified(t);
    const start = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    const end = new Date(start.getTime() + 2 * 24 * 3600 * 1000);

    for (const status of ['approved', 'pending', 'rejected'] as const) {
      await t.app.db
        .insertInto('places')
        .values({ name: `Spot ${status}`, discipline_id: id, location: 'Zambezi', latitude: -17.9, longitude: 25.8, status, author_id: author.id })
        .execute();
      await t.app.db
        .insertInto('events')
        .values({
          name: `Race ${status}`,
          discipline_id: id,
          description: 'Down the river',
          location: 'Zambezi',
          start_date: start,
          end_date: end,
          status,
          author_id: author.id,
        })
        .execute();
      await t.app.db
        .insertInto('tricks')
        .values({ name: `Flip ${status}`, discipline_id: id, description: 'Raft flip', difficulty: 5, status, author_id: author.id })
        .execute();
    }
    // Approved content of another discipline does not count here.
    await t.app.db
      .insertInto('tricks')
      .values({ name: 'Kickflip', discipline_id: 'skateboarding', description: 'Flip', difficulty: 3, status: 'approved' })
      .execute();

    const after = (await hub(id)).stats;
    expect(after).toEqual({ members: before.members, spots: before.spots + 1, events: before.events + 1, tricks: before.tricks + 1 });

    // Approving a pending row makes it count.
    await t.app.db.updateTable('places').set({ status: 'approved' }).where('discipline_id', '=', id).where('status', '=', 'pending').execute();
    expect((await hub(id)).stats.spots).toBe(before.spots + 2);
  });

  test('members counts people in approved teams of the discipline, once each', async () => {
    const id = 'bmx';
    const before = (await hub(id)).stats.members;
    const leader = await signUpVerified(t);
    const member = await signUpVerified(t);

    const team = await t.app.db.insertInto('teams').values({ name: 'Pending Crew', leader_id: leader.id }).returning('id').executeTakeFirstOrThrow();
    await t.app.db.insertInto('team_disciplines').values({ team_id: team.id, discipline_id: id }).execute();
    await t.app.db
      .insertInto('team_members')
      .values([
        { team_id: team.id, user_id: leader.id, role: 'leader' },
        { team_id: team.id, user_id: member.id },
      ])
      .execute();
    expect((await hub(id)).stats.members).toBe(before); // pending team: not counted

    await t.app.db.updateTable('teams').set({ status: 'approved' }).where('id', '=', team.id).execute();
    expect((await hub(id)).stats.members).toBe(before + 2);

    // A team member who also follows is one member, not two.
    expect((await follow(id, member.cookie)).statusCode).toBe(200);
    expect((await hub(id)).stats.members).toBe(before + 2);
  });
});

describe('follow', () => {
  test('signed out → 401 UNAUTHORIZED and no row', async () => {
    const before = await followRows('surfing');
    const res = await follow('surfing');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
    expect(await followRows('surfing')).toHaveLength(before.length);

    const del = await unfollow('surfing');
    expect(del.statusCode).toBe(401);
  });

  test('a garbage cookie is treated as signed out', async () => {
    const res = await follow('surfing', 'stoked.session_token=forged.value');
    expect(res.statusCode).toBe(401);
  });

  test('follow, follow again (idempotent), unfollow', async () => {
    const user = await signUpVerified(t);
    const start = await hub('surfing', user.cookie);
    expect(start.following).toBe(false);
    const members = start.stats.members;

    const first = await follow('surfing', user.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ following: true, members: members + 1 });
    const rows = await followRows('surfing', user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: user.id, discipline_id: 'surfing' });

    const h = await hub('surfing', user.cookie);
    expect(h.following).toBe(true);
    expect(h.stats.members).toBe(members + 1);
    // Someone else, and the anonymous visitor, do not see it as followed.
    expect((await hub('surfing')).following).toBe(false);
    const other = await signUpVerified(t);
    expect((await hub('surfing', other.cookie)).following).toBe(false);
    // Following one discipline does not follow the others.
    expect((await hub('kitesurfing', user.cookie)).following).toBe(false);

    const second = await follow('surfing', user.cookie);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ following: true, members: members + 1 });
    expect(await followRows('surfing', user.id)).toHaveLength(1);

    const off = await unfollow('surfing', user.cookie);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ following: false, members });
    expect(await followRows('surfing', user.id)).toHaveLength(0);
    const after = await hub('surfing', user.cookie);
    expect(after.following).toBe(false);
    expect(after.stats.members).toBe(members);

    // Unfollowing again is harmless.
    const offAgain = await unfollow('surfing', user.cookie);
    expect(offAgain.statusCode).toBe(200);
    expect(offAgain.json()).toEqual({ following: false, members });
  });

  test('following an unknown discipline → 404 DISCIPLINE_NOT_FOUND and no row', async () => {
    const user = await signUpVerified(t);
    const res = await follow('not-a-sport', user.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'DISCIPLINE_NOT_FOUND' });
    const rows = await t.app.db.selectFrom('discipline_followers').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toEqual([]);
  });
});
