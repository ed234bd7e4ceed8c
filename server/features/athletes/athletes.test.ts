import { describe, expect, it } from 'vitest';
import type { Athlete, AthleteList } from '../../../common/profiles.ts';
import { containsText } from '../../lib/like.ts';
import { signUpVerified, uniqueEmail, RELAXED_LIMITS } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const ORIGIN = 'http://localhost:3000';
const t = useTestApp(RELAXED_LIMITS);
type User = Awaited<ReturnType<typeof signUpVerified>>;

const send = (method: 'PUT' | 'PATCH', url: string, user: User, payload?: object) =>
  t.app.inject({ method, url, headers: { origin: ORIGIN, cookie: user.cookie }, payload });
const athletes = async (discipline: string, query = '') => {
  const res = await t.app.inject({ url: `/api/disciplines/${discipline}/athletes${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as AthleteList;
};
const names = (list: AthleteList) => list.items.map((a) => a.name);

/** A confirmed person following `disciplines`, with optional profile fields. */
async function athlete(name: string, disciplines: string[], profile: { location?: string; athleteLevel?: string } = {}) {
  const user = await signUpVerified(t, { name });
  for (const d of disciplines) expect((await send('PUT', `/api/disciplines/${d}/follow`, user)).statusCode).toBe(200);
  if (Object.keys(profile).length) expect((await send('PATCH', '/api/profile', user, profile)).statusCode).toBe(200);
  return user;
}

describe('athletes of a discipline', () => {
  it('lists only followers of that discipline, with card data and no private data', async () => {
    const kim = await athlete('Kim Kite', ['kitesurfing', 'snowkiting'], { location: 'Tarifa', athleteLevel: 'professional' });
    await athlete('Wes Wake', ['wakeboarding']);
    await send('PUT', '/api/profile/achievements', kim, { achievements: ['World champion 2023', 'Big air record', 'Third one'] });
    const fan = await signUpVerified(t, { name: 'Fan One' });
    await send('PUT', `/api/profiles/${kim.id}/follow`, fan);

    const res = await t.app.inject({ url: '/api/disciplines/kitesurfing/athletes' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as AthleteList;
    expect(list).toMatchObject({ total: 1, page: 1, pageSize: 12 });
    expect(list.items).toEqual<Athlete[]>([
      {
        id: kim.id,
        name: 'Kim Kite',
        avatarUrl: null,
        location: 'Tarifa',
        level: 'professional',
        followers: 1,
        disciplines: [
          expect.objectContaining({ id: 'snowkiting', icon: expect.any(String) }),
          expect.objectContaining({ id: 'kitesurfing', names: expect.objectContaining({ en: 'Kitesurfing' }) }),
        ],
        achievements: ['World champion 2023', 'Big air record'],
      },
    ]);
    expect(res.body).not.toContain(kim.email);
    expect(res.body).not.toMatch(/email|password|token|banned|role|session/i);
  });

  it('searches names and locations case-insensitively, wildcards taken literally', async () => {
    await athlete('Sandy Dunes', ['sandboarding'], { location: 'Huacachina, Peru' });
    await athlete('Omar Rider', ['sandboarding'], { location: 'Merzouga' });
    await athlete('Zed 100%', ['sandboarding']);
    expect(names(await searchAthletes('sandboarding', 'SANDY'))).toEqual(['Sandy Dunes']);
    expect(names(await searchAthletes('sandboarding', 'merz'))).toEqual(['Omar Rider']);
    expect(names(await searchAthletes('sandboarding', '%'))).toEqual(['Zed 100%']);
    expect(names(await searchAthletes('sandboarding', '_'))).toEqual([]);
    expect((await searchAthletes('sandboarding', 'nobody')).total).toBe(0);
  });

  it('filters by level and refuses an unknown level', async () => {
    await athlete('Pro Paula', ['canyoning'], { athleteLevel: 'professional' });
    await athlete('Am Andy', ['canyoning'], { athleteLevel: 'amateur' });
    await athlete('Unset Uma', ['canyoning']);
    expect(names(await athletes('canyoning', '?level=professional'))).toEqual(['Pro Paula']);
    expect(names(await athletes('canyoning', '?level=amateur'))).toEqual(['Am Andy']);
    expect((await athletes('canyoning')).total).toBe(3);
    expect((await t.app.inject({ url: '/api/disciplines/canyoning/athletes?level=legend' })).statusCode).toBe(400);
  });

  it('orders by followers then name, pages with a real total and caps the page size', async () => {
    const people = [];
    for (const n of ['Cara', 'Abe', 'Dora', 'Bo', 'Eve']) people.push(await athlete(`${n} Climber`, ['iceclimbing']));
    const [cara, , dora] = people;
    await send('PUT', `/api/profiles/${dora!.id}/follow`, cara!);
    await send('PUT', `/api/profiles/${dora!.id}/follow`, people[1]!);
    await send('PUT', `/api/profiles/${cara!.id}/follow`, dora!);
    const first = await athletes('iceclimbing', '?limit=2');
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(names(first)).toEqual(['Dora Climber', 'Cara Climber']);
    expect(names(await athletes('iceclimbing', '?limit=2&page=2'))).toEqual(['Abe Climber', 'Bo Climber']);
    expect(names(await athletes('iceclimbing', '?limit=2&page=3'))).toEqual(['Eve Climber']);
    expect(await athletes('iceclimbing', '?limit=2&page=4')).toEqual({ items: [], total: 5, totalCapped: false, page: 4, pageSize: 2 });
    expect((await athletes('iceclimbing', '?limit=500')).pageSize).toBe(50);
    expect((await t.app.inject({ url: '/api/disciplines/iceclimbing/athletes?page=0' })).statusCode).toBe(400);
  });

  it('answers 404 DISCIPLINE_NOT_FOUND for an unknown discipline', async () => {
    const res = await t.app.inject({ url: '/api/disciplines/lava-surfing/athletes' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'DISCIPLINE_NOT_FOUND', message: expect.any(String) });
    expect(await athletes('camelracing')).toEqual({ items: [], total: 0, totalCapped: false, page: 1, pageSize: 12 });
  });

  it('leaves out banned and unconfirmed people', async () => {
    const banned = await athlete('Banned Bart', ['rally']);
    await athlete('Visible Vic', ['rally']);
    await t.app.db.updateTable('profiles').set({ banned: true }).where('id', '=', banned.id).execute();
    const email = uniqueEmail();
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { name: 'Pending Pat', email, password: 'long enough pass' } });
    const pending = await t.app.db.selectFrom('profiles').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await t.app.db.insertInto('discipline_followers').values({ user_id: pending.id, discipline_id: 'rally' }).execute();
    expect(await athletes('rally')).toMatchObject({ total: 1, items: [{ name: 'Visible Vic' }] });
  });
});

describe('athletes list read from discipline_athletes (migration 0008)', () => {
  // The list as it was read before the copy: straight from profiles and follows.
  async function fromProfiles(discipline: string, filters: { q?: string; level?: 'professional' | 'amateur' }) {
    let query = t.app.db
      .selectFrom('profiles as p')
      .select('p.id')
      .where('p.email_verified', '=', true)
      .where('p.banned', '=', false)
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('discipline_followers as df').select('df.user_id').whereRef('df.user_id', '=', 'p.id').where('df.discipline_id', '=', discipline)),
      );
    if (filters.q) query = query.where(containsText(filters.q, ['p.name', 'p.location']));
    if (filters.level) query = query.where('p.athlete_level', '=', filters.level);
    return (await query.orderBy('p.followers_count', 'desc').orderBy('p.name').orderBy('p.id').execute()).map((r) => r.id);
  }

  const FILTERS = [
    {},
    { q: 'ka' },
    { q: 'KA' },
    { q: 'kai' },
    { q: 'a' },
    { q: '%' },
    { q: 'zz' },
    { level: 'amateur' },
    { level: 'professional' },
    { q: 'ka', level: 'amateur' },
  ] as const;

  /** Every filter, paged two by two, gives the same people in the same order and the same totals as the profiles. */
  async function expectSameAsProfiles(discipline: string) {
    for (const filters of FILTERS) {
      const expected = await fromProfiles(discipline, filters);
      const ids: string[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 2) + 1; page++) {
        const list = await athletes(discipline, `?${new URLSearchParams({ ...filters, limit: '2', page: String(page) })}`);
        expect({ filters, page, total: list.total, totalCapped: list.totalCapped }).toEqual({ filters, page, total: expected.length, totalCapped: false });
        ids.push(...list.items.map((a) => a.id));
      }
      expect({ filters, ids }).toEqual({ filters, ids: expected });
    }
  }

  it('lists, searches and ranks exactly as the profiles and follows say, through renames, follows, bans and deletions', async () => {
    const d = 'paragliding';
    const kai = await athlete('Kai Kahale', [d], { location: 'Oahu', athleteLevel: 'professional' });
    const lena = await athlete('Lena Berg', [d, 'skydiving'], { location: 'Kauai', athleteLevel: 'amateur' });
    const maya = await athlete('Maya 50%', [d], { athleteLevel: 'amateur' });
    const noah = await athlete('Noah Tanaka', [d], { location: 'Tokyo' });
    const ivo = await athlete('Ivo Novak', [d], { location: 'Lisbon' });
    const ana = await athlete('Ana Novak', [d]);
    await athlete('Zoe Elsewhere', ['skydiving'], { location: 'Kaikoura' });
    await expectSameAsProfiles(d);

    // Followers move the ranking (ties by name, then id).
    for (const fan of [lena, maya, noah]) await send('PUT', `/api/profiles/${ivo.id}/follow`, fan);
    await send('PUT', `/api/profiles/${ana.id}/follow`, kai);
    await send('PUT', `/api/profiles/${noah.id}/follow`, kai);
    await expectSameAsProfiles(d);
    expect((await athletes(d)).items[0]).toMatchObject({ id: ivo.id, followers: 3 });

    // Renames, moves and level changes are searched and ordered at once.
    await send('PATCH', '/api/profile', ivo, { name: 'Ivo Kalani', location: 'Hossegor' });
    await send('PATCH', '/api/profile', lena, { location: null, athleteLevel: 'professional' });
    await send('PATCH', '/api/profile', noah, { name: 'Aaron Tanaka' });
    await expectSameAsProfiles(d);
    expect(names(await searchAthletes(d, 'kalani'))).toEqual(['Ivo Kalani']);
    expect(names(await searchAthletes(d, 'kauai'))).toEqual([]);

    // Unfollows (of people and of the discipline), a ban lifted, a lost confirmation, a deleted account.
    await t.app.inject({ method: 'DELETE', url: `/api/profiles/${ivo.id}/follow`, headers: { origin: ORIGIN, cookie: lena.cookie } });
    await t.app.inject({ method: 'DELETE', url: `/api/disciplines/${d}/follow`, headers: { origin: ORIGIN, cookie: maya.cookie } });
    await t.app.db.updateTable('profiles').set({ banned: true }).where('id', 'in', [kai.id, ana.id]).execute();
    await expectSameAsProfiles(d);
    await t.app.db.updateTable('profiles').set({ banned: false }).where('id', '=', kai.id).execute();
    await t.app.db.updateTable('profiles').set({ email_verified: false }).where('id', '=', lena.id).execute();
    await t.app.db.deleteFrom('profiles').where('id', '=', noah.id).execute();
    await expectSameAsProfiles(d);
    expect(names(await athletes(d))).toEqual(['Ivo Kalani', 'Kai Kahale']);
  });
});

describe('athlete level on the own profile', () => {
  it('is editable via PATCH /api/profile, clearable, shown publicly, and refuses other values', async () => {
    const user = await signUpVerified(t);
    expect((await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } })).json().athleteLevel).toBeNull();
    const set = await send('PATCH', '/api/profile', user, { athleteLevel: 'amateur' });
    expect(set.statusCode).toBe(200);
    expect(set.json().athleteLevel).toBe('amateur');
    expect((await t.app.inject({ url: `/api/profiles/${user.id}` })).json().athleteLevel).toBe('amateur');
    const bad = await send('PATCH', '/api/profile', user, { athleteLevel: 'legend' });
    expect(bad.statusCode).toBe(400);
    expect((await send('PATCH', '/api/profile', user, { bio: 'Still here' })).json().athleteLevel).toBe('amateur');
    expect((await send('PATCH', '/api/profile', user, { athleteLevel: null })).json().athleteLevel).toBeNull();
  });
});

const searchAthletes = (discipline: string, q: string) => athletes(discipline, `?${new URLSearchParams({ q })}`);
