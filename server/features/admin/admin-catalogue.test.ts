import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AdminCategory, AdminDiscipline } from '../../../common/admin-catalogue.ts';
import type { CategoryWithDisciplines, DisciplineSummary } from '../../../common/schemas.ts';
import { contentTestKit, expectError, type User } from '../../test/content-kit.ts';

const kit = contentTestKit('article');
const { call, user } = kit;
let rider: User;
let seq = 0;
/** A fresh slug per test, so that tests never collide. */
const slug = (prefix = 'd') => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 7)}`;

beforeAll(async () => {
  rider = await user('Rita Rider');
});

const db = () => kit.t.app.db;

/** A refused body: 400 with the code of its first issue (and the fields it names). */
function expectInvalid(res: LightMyRequestResponse, code: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect((res.json() as { code: string }).code).toBe(code);
}

/** Everything the catalogue endpoints may write, to prove a refused request changed nothing. */
async function catalogueState() {
  const [disciplines, categories, links, followers] = await Promise.all([
    db().selectFrom('disciplines').selectAll().orderBy('id').execute(),
    db().selectFrom('categories').selectAll().orderBy('id').execute(),
    db().selectFrom('discipline_categories').selectAll().orderBy('discipline_id').orderBy('category_id').execute(),
    db().selectFrom('discipline_followers').select(['user_id', 'discipline_id']).orderBy('user_id').orderBy('discipline_id').execute(),
  ]);
  return { disciplines, categories, links, followers };
}

async function linksOf(disciplineId: string): Promise<string[]> {
  const rows = await db().selectFrom('discipline_categories').select('category_id').where('discipline_id', '=', disciplineId).orderBy('category_id').execute();
  return rows.map((r) => r.category_id);
}

async function createDiscipline(body: Record<string, unknown>): Promise<AdminDiscipline> {
  const res = await call('POST', '/api/admin/disciplines', kit.admin, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AdminDiscipline;
}

async function createCategory(body: Record<string, unknown>): Promise<AdminCategory> {
  const res = await call('POST', '/api/admin/categories', kit.admin, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AdminCategory;
}

async function publicCategory(id: string): Promise<CategoryWithDisciplines> {
  const res = await call('GET', `/api/categories/${id}`, null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CategoryWithDisciplines;
}

describe('authorization', () => {
  test('every endpoint: anonymous 401, user 403, and a denied write changes nothing', async () => {
    const d = await createDiscipline({ id: slug(), name: 'Guarded', icon: '🛡️', categoryIds: ['water'] });
    const c = await createCategory({ id: slug('c'), name: 'Guarded Category', icon: '🛡️' });
    const endpoints: [string, string, unknown?][] = [
      ['GET', '/api/admin/disciplines'],
      ['GET', `/api/admin/disciplines/${d.id}`],
      ['POST', '/api/admin/disciplines', { id: slug(), name: 'Sneaky', icon: '🥷', categoryIds: ['water'] }],
      ['PUT', `/api/admin/disciplines/${d.id}`, { name: 'Hacked', icon: '💀', categoryIds: ['sky'] }],
      ['DELETE', `/api/admin/disciplines/${d.id}`],
      ['GET', '/api/admin/categories'],
      ['GET', `/api/admin/categories/${c.id}`],
      ['POST', '/api/admin/categories', { id: slug('c'), name: 'Sneaky', icon: '🥷' }],
      ['PUT', `/api/admin/categories/${c.id}`, { name: 'Hacked', icon: '💀' }],
      ['DELETE', `/api/admin/categories/${c.id}`],
      // Authorization comes before validation: an invalid body is still 401/403.
      ['POST', '/api/admin/disciplines', { bogus: true }],
      ['DELETE', '/api/admin/categories/water'],
    ];
    const before = await catalogueState();
    for (const [method, url, body] of endpoints) {
      expectError(await call(method as 'GET', url, null, body), 401, 'UNAUTHORIZED');
      expectError(await call(method as 'GET', url, rider, body), 403, 'FORBIDDEN');
    }
    expect(await catalogueState()).toEqual(before);
  });

  test('admin reads both lists, disciplines by name with their category ids and usage', async () => {
    const res = await call('GET', '/api/admin/disciplines', kit.admin);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as AdminDiscipline[];
    // In the database's own collation, as the public list.
    const byName = await db().selectFrom('disciplines').select('id').orderBy('name').orderBy('id').execute();
    expect(list.map((d) => d.id)).toEqual(byName.map((d) => d.id));
    expect(list.find((d) => d.id === 'surfing')).toMatchObject({
      name: 'Surfing',
      categoryIds: ['water'],
      usage: { articles: expect.any(Number), teams: expect.any(Number) },
    });

    const cats = await call('GET', '/api/admin/categories', kit.admin);
    expect(cats.statusCode).toBe(200);
    const water = (cats.json() as AdminCategory[]).find((c) => c.id === 'water')!;
    expect(water.disciplineIds).toEqual(expect.arrayContaining(['surfing', 'kitesurfing', 'wakeboarding', 'diving', 'rafting']));
  });
});

describe('disciplines', () => {
  test('create: 201, stored with its links, and shown at once by the public lists', async () => {
    const id = slug();
    const created = await createDiscipline({ id, name: 'Foil Surfing', names: { fr: 'Surf en foil', es: '  ' }, icon: '🏄‍♂️', categoryIds: ['water', 'sky'] });
    expect(created).toMatchObject({ id, name: 'Foil Surfing', names: { en: 'Foil Surfing', fr: 'Surf en foil' }, icon: '🏄‍♂️', categoryIds: ['sky', 'water'] });
    // The blank Spanish name was dropped; a new discipline takes its first category's colour.
    expect(created.names).not.toHaveProperty('es');
    const water = await db().selectFrom('categories').select('color').where('id', '=', 'water').executeTakeFirstOrThrow();
    expect(created.color).toBe(water.color);
    expect(await linksOf(id)).toEqual(['sky', 'water']);

    expect((await publicCategory('water')).disciplines.map((d) => d.id)).toContain(id);
    expect((await publicCategory('sky')).disciplines.map((d) => d.id)).toContain(id);
    const all = (await call('GET', '/api/disciplines', null)).json() as DisciplineSummary[];
    expect(all.find((d) => d.id === id)).toMatchObject({ name: 'Foil Surfing', categoryIds: ['sky', 'water'] });
    const hub = await call('GET', `/api/disciplines/${id}`, null);
    expect(hub.statusCode).toBe(200);

    const one = await call('GET', `/api/admin/disciplines/${id}`, kit.admin);
    expect(one.json()).toEqual(created);
    expectError(await call('GET', '/api/admin/disciplines/nope-nothing', kit.admin), 404, 'DISCIPLINE_NOT_FOUND');
  });

  test('the ID is trimmed and lower-cased; bad input is 400 with a clear code and writes nothing', async () => {
    const id = slug();
    const created = await createDiscipline({ id: `  ${id.toUpperCase()} `, name: 'Case Test', categoryIds: [] });
    expect(created.id).toBe(id);
    expect(created.icon).toBe('');

    const before = await catalogueState();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'No ID', categoryIds: [] }, 'ID_REQUIRED'],
      [{ id: '   ', name: 'Blank ID', categoryIds: [] }, 'ID_REQUIRED'],
      [{ id: slug(), name: '  ', categoryIds: [] }, 'NAME_REQUIRED'],
      [{ id: slug(), categoryIds: [] }, 'NAME_REQUIRED'],
      [{ id: 'has space', name: 'X', categoryIds: [] }, 'INVALID_SLUG'],
      [{ id: '-leading', name: 'X', categoryIds: [] }, 'INVALID_SLUG'],
      [{ id: 'a'.repeat(51), name: 'X', categoryIds: [] }, 'TOO_LONG'],
      [{ id: slug(), name: 'X', icon: '🏄🏄🏄🏄🏄', categoryIds: [] }, 'TOO_LONG'],
      [{ id: slug(), name: 'X', icon: 'abcdefgh', categoryIds: [] }, 'TOO_LONG'],
      [{ id: slug(), name: 'X', names: { xx: 'Klingon' }, categoryIds: [] }, 'VALIDATION_ERROR'],
      [{ id: slug(), name: 'X', color: 'red', categoryIds: [] }, 'VALIDATION_ERROR'],
      [{ id: slug(), name: 'X', extra: 1, categoryIds: [] }, 'VALIDATION_ERROR'],
    ];
    for (const [body, code] of cases) {
      const res = await call('POST', '/api/admin/disciplines', kit.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { code: string }).code, JSON.stringify(body)).toBe(code);
    }
    expect(await catalogueState()).toEqual(before);
  });

  test('duplicate ID: 409 DISCIPLINE_EXISTS and the existing discipline is untouched', async () => {
    const before = await catalogueState();
    expectError(
      await call('POST', '/api/admin/disciplines', kit.admin, { id: 'surfing', name: 'Impostor', icon: '🦈', categoryIds: ['sky'] }),
      409,
      'DISCIPLINE_EXISTS',
    );
    expect(await catalogueState()).toEqual(before);
  });

  test('unknown category: 400 UNKNOWN_CATEGORY, on create nothing is created', async () => {
    const id = slug();
    const before = await catalogueState();
    expectError(
      await call('POST', '/api/admin/disciplines', kit.admin, { id, name: 'Orphan', categoryIds: ['water', 'no-such-category'] }),
      400,
      'UNKNOWN_CATEGORY',
    );
    expect(await catalogueState()).toEqual(before);
  });

  test('edit: name, icon, names and categories saved; links replaced as a whole', async () => {
    const id = slug();
    await createDiscipline({ id, name: 'Old Name', names: { de: 'Alter Name', fr: 'Ancien nom' }, icon: '🌊', categoryIds: ['water', 'sky'] });
    const res = await call('PUT', `/api/admin/disciplines/${id}`, kit.admin, {
      name: 'New Name',
      names: { de: 'Neuer Name' },
      icon: '🏂',
      categoryIds: ['snow', 'snow'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, name: 'New Name', names: { en: 'New Name', de: 'Neuer Name' }, icon: '🏂', categoryIds: ['snow'] });
    expect((res.json() as AdminDiscipline).names).not.toHaveProperty('fr');
    expect(await linksOf(id)).toEqual(['snow']);
    expect((await publicCategory('water')).disciplines.map((d) => d.id)).not.toContain(id);
    expect((await publicCategory('snow')).disciplines.find((d) => d.id === id)).toMatchObject({ name: 'New Name', icon: '🏂' });

    // Omitted names and icon keep their stored values; the English name still follows `name`.
    const again = await call('PUT', `/api/admin/disciplines/${id}`, kit.admin, { name: 'Newest', categoryIds: [] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ name: 'Newest', names: { en: 'Newest', de: 'Neuer Name' }, icon: '🏂', categoryIds: [] });
    expect(await linksOf(id)).toEqual([]);

    expectError(await call('PUT', '/api/admin/disciplines/nope-nothing', kit.admin, { name: 'X', categoryIds: [] }), 404, 'DISCIPLINE_NOT_FOUND');
  });

  test('the ID is immutable: a body naming an id is refused and nothing changes', async () => {
    const id = slug();
    await createDiscipline({ id, name: 'Fixed', icon: '📌', categoryIds: ['urban'] });
    const before = await catalogueState();
    for (const newId of [slug(), id]) {
      expectInvalid(await call('PUT', `/api/admin/disciplines/${id}`, kit.admin, { id: newId, name: 'Renamed', categoryIds: ['sky'] }), 'ID_IMMUTABLE');
    }
    expect(await catalogueState()).toEqual(before);
  });

  test('a save with an unknown category id writes nothing: one transaction', async () => {
    const id = slug();
    await createDiscipline({ id, name: 'Atomic', names: { it: 'Atomico' }, icon: '⚛️', categoryIds: ['water', 'sky'] });
    const before = await catalogueState();
    expectError(
      await call('PUT', `/api/admin/disciplines/${id}`, kit.admin, { name: 'Half Saved', names: {}, icon: '💥', categoryIds: ['snow', 'ghost-category'] }),
      400,
      'UNKNOWN_CATEGORY',
    );
    expect(await catalogueState()).toEqual(before);
    expect(await linksOf(id)).toEqual(['sky', 'water']);
  });

  test('delete an unused discipline: links and follows removed first, gone from the public lists', async () => {
    const id = slug();
    await createDiscipline({ id, name: 'Short Lived', icon: '🦋', categoryIds: ['water', 'mountain'] });
    expect((await call('PUT', `/api/disciplines/${id}/follow`, rider)).statusCode).toBe(200);

    const res = await call('DELETE', `/api/admin/disciplines/${id}`, kit.admin);
    expect(res.statusCode, res.body).toBe(204);
    expect(await db().selectFrom('disciplines').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await linksOf(id)).toEqual([]);
    expect(await db().selectFrom('discipline_followers').select('user_id').where('discipline_id', '=', id).execute()).toEqual([]);
    expect((await publicCategory('water')).disciplines.map((d) => d.id)).not.toContain(id);
    expectError(await call('GET', `/api/disciplines/${id}`, null), 404, 'DISCIPLINE_NOT_FOUND');
    expectError(await call('DELETE', `/api/admin/disciplines/${id}`, kit.admin), 404, 'DISCIPLINE_NOT_FOUND');
  });

  test('delete a discipline with content or teams: 409 DISCIPLINE_IN_USE, nothing is destroyed', async () => {
    const id = slug();
    await createDiscipline({ id, name: 'Busy', icon: '🐝', categoryIds: ['urban'] });
    const article = await db()
      .insertInto('articles')
      .values({ title: 'Keep me', discipline_id: id, content: 'Text', author_id: rider.id })
      .returning('id')
      .executeTakeFirstOrThrow();

    const before = await catalogueState();
    const res = await call('DELETE', `/api/admin/disciplines/${id}`, kit.admin);
    expectError(res, 409, 'DISCIPLINE_IN_USE');
    expect((res.json() as { message: string }).message).toContain('1 articles');
    expect(await catalogueState()).toEqual(before);
    expect(await db().selectFrom('articles').select('id').where('id', '=', article.id).executeTakeFirst()).toBeDefined();
    const listed = ((await call('GET', '/api/admin/disciplines', kit.admin)).json() as AdminDiscipline[]).find((d) => d.id === id)!;
    expect(listed.usage).toMatchObject({ articles: 1, teams: 0 });

    // A team linked to it also keeps it.
    await db().deleteFrom('articles').where('id', '=', article.id).execute();
    const team = await db().insertInto('teams').values({ name: 'Busy Crew', leader_id: rider.id }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('team_disciplines').values({ team_id: team.id, discipline_id: id }).execute();
    expectError(await call('DELETE', `/api/admin/disciplines/${id}`, kit.admin), 409, 'DISCIPLINE_IN_USE');
    expect(await db().selectFrom('team_disciplines').select('team_id').where('discipline_id', '=', id).execute()).toHaveLength(1);

    await db().deleteFrom('team_disciplines').where('team_id', '=', team.id).execute();
    // So do riders' sessions, which keep the discipline of their day when their place moves to another.
    const place = await db()
      .insertInto('places')
      .values({ name: 'Moved spot', discipline_id: 'surfing', location: 'Here', latitude: 1, longitude: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('ride_sessions').values({ author_id: rider.id, place_id: place.id, discipline_id: id, started_at: new Date() }).execute();
    const busy = await call('DELETE', `/api/admin/disciplines/${id}`, kit.admin);
    expectError(busy, 409, 'DISCIPLINE_IN_USE');
    expect((busy.json() as { message: string }).message).toContain('1 sessions');
    await db().deleteFrom('ride_sessions').where('place_id', '=', place.id).execute();
    expect((await call('DELETE', `/api/admin/disciplines/${id}`, kit.admin)).statusCode).toBe(204);
  });
});

describe('categories', () => {
  test('create: 201, last on the public list, and a new discipline in it shows on its page', async () => {
    const id = slug('c');
    const created = await createCategory({ id, name: 'Ice', names: { ru: 'Лёд' }, icon: '🧊', color: '#00AAFF' });
    expect(created).toMatchObject({ id, name: 'Ice', names: { en: 'Ice', ru: 'Лёд' }, icon: '🧊', color: '#00aaff', disciplineIds: [] });
    const list = (await call('GET', '/api/categories', null)).json() as CategoryWithDisciplines[];
    expect(list.at(-1)?.id).toBe(id);
    expect((await publicCategory(id)).disciplines).toEqual([]);

    const d = slug();
    await createDiscipline({ id: d, name: 'Ice Skating', icon: '⛸️', categoryIds: [id] });
    expect((await publicCategory(id)).disciplines).toEqual([expect.objectContaining({ id: d, name: 'Ice Skating', icon: '⛸️', color: '#00aaff' })]);
    expect(((await call('GET', `/api/admin/categories/${id}`, kit.admin)).json() as AdminCategory).disciplineIds).toEqual([d]);

    expectError(await call('POST', '/api/admin/categories', kit.admin, { id, name: 'Again' }), 409, 'CATEGORY_EXISTS');
    expectInvalid(await call('POST', '/api/admin/categories', kit.admin, { id: slug('c'), name: 'X', categoryIds: [] }), 'VALIDATION_ERROR');
    expectInvalid(await call('POST', '/api/admin/categories', kit.admin, { name: 'X' }), 'ID_REQUIRED');
    expectInvalid(await call('POST', '/api/admin/categories', kit.admin, { id: slug('c'), name: '' }), 'NAME_REQUIRED');
    expectError(await call('GET', '/api/admin/categories/nope-nothing', kit.admin), 404, 'CATEGORY_NOT_FOUND');
  });

  test('edit: saved and shown publicly; the ID is immutable', async () => {
    const id = slug('c');
    await createCategory({ id, name: 'Swamp', icon: '🐊' });
    const res = await call('PUT', `/api/admin/categories/${id}`, kit.admin, { name: 'Wetlands', names: { pl: 'Mokradła' }, icon: '🦆', color: '#112233' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, name: 'Wetlands', names: { en: 'Wetlands', pl: 'Mokradła' }, icon: '🦆', color: '#112233' });
    expect(await publicCategory(id)).toMatchObject({ name: 'Wetlands', icon: '🦆' });

    const before = await catalogueState();
    expectInvalid(await call('PUT', `/api/admin/categories/${id}`, kit.admin, { id: slug('c'), name: 'Moved' }), 'ID_IMMUTABLE');
    expectInvalid(await call('PUT', `/api/admin/categories/${id}`, kit.admin, { name: ' ' }), 'NAME_REQUIRED');
    expect(await catalogueState()).toEqual(before);
    expectError(await call('PUT', '/api/admin/categories/nope-nothing', kit.admin, { name: 'X' }), 404, 'CATEGORY_NOT_FOUND');
  });

  test('delete: links removed, its disciplines stay', async () => {
    const id = slug('c');
    await createCategory({ id, name: 'Temporary', icon: '⏳' });
    const d = slug();
    await createDiscipline({ id: d, name: 'Survivor', icon: '🪨', categoryIds: [id, 'mountain'] });

    const res = await call('DELETE', `/api/admin/categories/${id}`, kit.admin);
    expect(res.statusCode, res.body).toBe(204);
    expect(await db().selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await linksOf(d)).toEqual(['mountain']);
    expect(((await call('GET', `/api/admin/disciplines/${d}`, kit.admin)).json() as AdminDiscipline).categoryIds).toEqual(['mountain']);
    expectError(await call('GET', `/api/categories/${id}`, null), 404, 'CATEGORY_NOT_FOUND');
    expectError(await call('DELETE', `/api/admin/categories/${id}`, kit.admin), 404, 'CATEGORY_NOT_FOUND');
  });
});
