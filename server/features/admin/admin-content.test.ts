import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_CONTENT_KINDS, type AdminContentKind, type AdminContentList } from '../../../common/admin-content.ts';
import type { AdminTeam, AdminTeamInput } from '../../../common/teams.ts';
import { contentTestKit, expectError, MISSING_ID, ORIGIN, type User } from '../../test/content-kit.ts';
import * as fixtures from '../../test/image-fixtures.ts';
import { fileUpload } from '../../test/multipart.ts';

const kit = contentTestKit('article');
const { call, token, user } = kit;
let rider: User;
let other: User;
beforeAll(async () => {
  rider = await user('Rita Rider');
  other = await user('Olly Other');
});

const db = () => kit.t.app.db;

/** A refused body: its code, and the field it names. */
function expectInvalid(res: LightMyRequestResponse, code: string, field: string) {
  expect({ status: res.statusCode, body: res.json() }).toEqual({
    status: 400,
    body: { code, message: expect.any(String), fields: expect.objectContaining({ [field]: code }) },
  });
}

async function list(kind: string, query: Record<string, string> = {}, who: User | null = kit.admin): Promise<AdminContentList> {
  const res = await call('GET', `/api/admin/content/${kind}?${new URLSearchParams(query)}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminContentList;
}

/** Inserts one row of `kind` named `name`, created at `createdAt`, by `authorId` (a team's leader). */
async function insertItem(kind: AdminContentKind, name: string, authorId: string | null, createdAt: string, status: 'pending' | 'approved' | 'rejected') {
  const common = { discipline_id: 'surfing', author_id: authorId, status, created_at: createdAt };
  switch (kind) {
    case 'teams':
      return (await db().insertInto('teams').values({ name, leader_id: authorId!, status, created_at: createdAt }).returning('id').executeTakeFirstOrThrow())
        .id;
    case 'articles':
      return (
        await db()
          .insertInto('articles')
          .values({ ...common, title: name, content: 'Body' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    case 'events':
      return (
        await db()
          .insertInto('events')
          .values({ ...common, name, description: 'D', location: 'L', start_date: '2030-01-01T10:00:00Z', end_date: '2030-01-02T10:00:00Z' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    case 'places':
      return (
        await db()
          .insertInto('places')
          .values({ ...common, name, location: 'L', latitude: 1, longitude: 2 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    case 'reviews':
      return (
        await db()
          .insertInto('reviews')
          .values({ ...common, product_name: name, content: 'Good', rating: 4 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    case 'tricks':
      return (
        await db()
          .insertInto('tricks')
          .values({ ...common, name, description: 'Turn', difficulty: 3 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    case 'shops':
      return (
        await db()
          .insertInto('shops')
          .values({ ...common, name, description: 'Boards', location: 'Biarritz' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
  }
}

describe('admin content lists', () => {
  test('anonymous 401 and user 403, even for an unknown kind; admin 200; unknown kind → 400', async () => {
    for (const kind of ['teams', 'articles', 'nope']) {
      expectError(await call('GET', `/api/admin/content/${kind}`, null), 401, 'UNAUTHORIZED');
      expectError(await call('GET', `/api/admin/content/${kind}`, rider), 403, 'FORBIDDEN');
    }
    expectInvalid(await call('GET', '/api/admin/content/nope', kit.admin), 'VALIDATION_ERROR', 'kind');
    expectInvalid(await call('GET', '/api/admin/content/users', kit.admin), 'VALIDATION_ERROR', 'kind');
  });

  test.each(ADMIN_CONTENT_KINDS)('%s: every status, newest first, with the author or leader name, searched case-insensitively', async (kind) => {
    const word = token('Find');
    const oldest = await insertItem(kind, `Old ${word} one`, rider.id, '2024-01-01T10:00:00Z', 'approved');
    const middle = await insertItem(kind, `Mid ${word.toUpperCase()} two`, other.id, '2024-02-01T10:00:00Z', 'rejected');
    const newest = await insertItem(kind, `New ${word} three`, rider.id, '2024-03-01T10:00:00Z', 'pending');
    await insertItem(kind, `Unrelated ${token('Nope')}`, rider.id, '2024-04-01T10:00:00Z', 'approved');

    const found = await list(kind, { q: word.toLowerCase() });
    expect(found).toEqual({
      items: [
        {
          id: newest,
          kind,
          name: `New ${word} three`,
          disciplineId: kind === 'teams' ? null : 'surfing',
          authorName: 'Rita Rider',
          status: 'pending',
          createdAt: '2024-03-01T10:00:00.000Z',
        },
        {
          id: middle,
          kind,
          name: `Mid ${word.toUpperCase()} two`,
          disciplineId: kind === 'teams' ? null : 'surfing',
          authorName: 'Olly Other',
          status: 'rejected',
          createdAt: '2024-02-01T10:00:00.000Z',
        },
        {
          id: oldest,
          kind,
          name: `Old ${word} one`,
          disciplineId: kind === 'teams' ? null : 'surfing',
          authorName: 'Rita Rider',
          status: 'approved',
          createdAt: '2024-01-01T10:00:00.000Z',
        },
      ],
      total: 3,
      totalCapped: false,
      page: 1,
      hasMore: false,
    });

    // Without a search the whole table is listed, newest first.
    const all = await list(kind, { limit: '50' });
    const times = all.items.map((i) => i.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.items.every((i) => i.kind === kind)).toBe(true);
    expect(all.items.map((i) => i.id)).toEqual(expect.arrayContaining([oldest, middle, newest]));
  });

  test('paging: limit, hasMore, total; past the end is empty with the total', async () => {
    const word = token('Page');
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await insertItem('places', `${word} ${i}`, rider.id, `2023-0${i + 1}-01T00:00:00Z`, 'approved'));
    const newestFirst = [...ids].reverse();

    const first = await list('places', { q: word, limit: '2' });
    expect({ ids: first.items.map((i) => i.id), total: first.total, page: first.page, hasMore: first.hasMore }).toEqual({
      ids: newestFirst.slice(0, 2),
      total: 5,
      page: 1,
      hasMore: true,
    });
    const third = await list('places', { q: word, limit: '2', page: '3' });
    expect({ ids: third.items.map((i) => i.id), total: third.total, hasMore: third.hasMore }).toEqual({ ids: newestFirst.slice(4), total: 5, hasMore: false });
    const past = await list('places', { q: word, limit: '2', page: '9' });
    expect(past).toEqual({ items: [], total: 5, totalCapped: false, page: 9, hasMore: false });
  });

  test('% and _ are literal; an author whose account is gone lists as null', async () => {
    const word = token('Lit');
    const orphan = await insertItem('articles', `${word} 100%_done`, null, '2022-01-01T00:00:00Z', 'approved');
    await insertItem('articles', `${word} 100 done`, rider.id, '2022-01-02T00:00:00Z', 'approved');
    const found = await list('articles', { q: '100%_' });
    expect(found.items.map((i) => i.id)).toEqual([orphan]);
    expect(found.items[0]!.authorName).toBeNull();
  });
});

describe('admin delete through the section endpoints', () => {
  test('an admin deletes anyone’s team and anyone’s content item; a user cannot', async () => {
    const team = await insertItem('teams', `Crew ${token()}`, rider.id, '2024-05-01T00:00:00Z', 'approved');
    await db().insertInto('team_members').values({ team_id: team, user_id: rider.id, role: 'leader' }).execute();
    const article = await insertItem('articles', `Article ${token()}`, rider.id, '2024-05-01T00:00:00Z', 'approved');

    expectError(await call('DELETE', `/api/teams/${team}`, other), 403, 'FORBIDDEN');
    expectError(await call('DELETE', `/api/articles/${article}`, other), 403, 'FORBIDDEN');
    expect(await db().selectFrom('teams').select('id').where('id', '=', team).executeTakeFirst()).toBeDefined();
    expect(await db().selectFrom('articles').select('id').where('id', '=', article).executeTakeFirst()).toBeDefined();

    expect((await call('DELETE', `/api/teams/${team}`, kit.admin)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/articles/${article}`, kit.admin)).statusCode).toBe(204);
    expect(await db().selectFrom('teams').select('id').where('id', '=', team).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('team_members').select('user_id').where('team_id', '=', team).execute()).toEqual([]);
    expect(await db().selectFrom('articles').select('id').where('id', '=', article).executeTakeFirst()).toBeUndefined();
    expect((await list('teams', { limit: '50' })).items.some((i) => i.id === team)).toBe(false);
  });
});

describe('admin team save', () => {
  const sorted = (rows: { user_id: string; role: string }[]) => [...rows].sort((a, b) => (a.user_id < b.user_id ? -1 : 1));
  const members = async (teamId: string) => sorted(await db().selectFrom('team_members').select(['user_id', 'role']).where('team_id', '=', teamId).execute());
  const links = async (teamId: string) =>
    (await db().selectFrom('team_disciplines').select('discipline_id').where('team_id', '=', teamId).orderBy('discipline_id').execute()).map(
      (l) => l.discipline_id,
    );
  const teamCount = async () =>
    Number(
      (
        await db()
          .selectFrom('teams')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Those the admin chose answer their invitations with yes (checklist line 38: nobody is added without consent). */
  async function accept(teamId: string, ...people: User[]) {
    for (const who of people) expect((await call('POST', `/api/teams/${teamId}/invitation/accept`, who)).json()).toEqual({ status: 'joined' });
  }

  async function create(input: AdminTeamInput): Promise<AdminTeam> {
    const res = await call('POST', '/api/admin/teams', kit.admin, input);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as AdminTeam;
  }

  test('anonymous 401 and user 403 on read, create and update; nothing changes', async () => {
    const leader = await user();
    const team = await create({ name: `Locked ${token()}`, leaderId: leader.id, memberIds: [], disciplineIds: ['surfing'] });
    const before = {
      count: await teamCount(),
      team: await db().selectFrom('teams').selectAll().where('id', '=', team.id).executeTakeFirstOrThrow(),
      members: await members(team.id),
      links: await links(team.id),
    };
    const body = { name: 'Hijacked', type: 'Pro', leaderId: rider.id, memberIds: [rider.id], disciplineIds: [] };
    for (const [who, status, code] of [
      [null, 401, 'UNAUTHORIZED'],
      [rider, 403, 'FORBIDDEN'],
    ] as const) {
      expectError(await call('GET', `/api/admin/teams/${team.id}`, who), status, code);
      expectError(await call('POST', '/api/admin/teams', who, body), status, code);
      expectError(await call('PUT', `/api/admin/teams/${team.id}`, who, body), status, code);
      // Refused before validation too.
      expectError(await call('PUT', `/api/admin/teams/${team.id}`, who, {}), status, code);
    }
    expect({
      count: await teamCount(),
      team: await db().selectFrom('teams').selectAll().where('id', '=', team.id).executeTakeFirstOrThrow(),
      members: await members(team.id),
      links: await links(team.id),
    }).toEqual(before);
  });

  test('create: approved at once, the leader a member with role leader, the others invited and members once they accept, the disciplines linked', async () => {
    const leader = await user('Lea Leader');
    const a = await user('Ann Member');
    const b = await user('Bob Member');
    const name = `Admin Crew ${token()}`;
    const created = await create({
      name,
      description: 'Rides',
      type: 'Amateur',
      location: 'Biarritz',
      isPrivate: true,
      foundedDate: '2020-05-01',
      leaderId: leader.id,
      memberIds: [a.id, b.id, a.id],
      disciplineIds: ['surfing', 'skateboarding'],
    });
    expect(created.memberIds).toEqual([leader.id]);
    expect(await members(created.id)).toEqual([{ user_id: leader.id, role: 'leader' }]);
    await accept(created.id, a, b);
    const team = (await call('GET', `/api/admin/teams/${created.id}`, kit.admin)).json() as AdminTeam;
    expect(team).toMatchObject({
      name,
      description: 'Rides',
      type: 'Amateur',
      location: 'Biarritz',
      isPrivate: true,
      foundedDate: '2020-05-01',
      leaderId: leader.id,
      status: 'approved',
      logoUrl: null,
      bannerUrl: null,
    });
    expect([...team.memberIds].sort()).toEqual([leader.id, a.id, b.id].sort());
    expect(team.members[0]).toMatchObject({ id: leader.id, name: 'Lea Leader' });
    expect(team.disciplineIds).toEqual(['skateboarding', 'surfing']);
    expect(await members(team.id)).toEqual(
      sorted([
        { user_id: leader.id, role: 'leader' },
        { user_id: a.id, role: 'member' },
        { user_id: b.id, role: 'member' },
      ]),
    );
    expect(await links(team.id)).toEqual(['skateboarding', 'surfing']);
    expect(await db().selectFrom('pending_approvals').select('id').where('item_id', '=', team.id).execute()).toEqual([]);

    const read = await call('GET', `/api/admin/teams/${team.id}`, kit.admin);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(team);
    // Public and listed right away.
    expect((await call('GET', `/api/teams/${team.id}`, null)).statusCode).toBe(200);
    expect((await list('teams', { q: name })).items).toMatchObject([{ id: team.id, authorName: 'Lea Leader', status: 'approved' }]);
  });

  test('defaults: type Pro, public, no members but the leader, no disciplines', async () => {
    const leader = await user();
    const res = await call('POST', '/api/admin/teams', kit.admin, { name: `Plain ${token()}`, leaderId: leader.id });
    expect(res.statusCode, res.body).toBe(201);
    const team = res.json() as AdminTeam;
    expect(team).toMatchObject({
      type: 'Pro',
      isPrivate: false,
      description: null,
      location: null,
      foundedDate: null,
      memberIds: [leader.id],
      disciplineIds: [],
    });
    expect(await members(team.id)).toEqual([{ user_id: leader.id, role: 'leader' }]);
  });

  test('update reconciles: removed member gone, new one invited, leader change demotes the old leader, disciplines diffed', async () => {
    const oldLeader = await user();
    const kept = await user();
    const dropped = await user();
    const added = await user();
    const newLeader = await user();
    const team = await create({
      name: `Reconcile ${token()}`,
      leaderId: oldLeader.id,
      memberIds: [kept.id, dropped.id, newLeader.id],
      disciplineIds: ['surfing', 'skateboarding'],
    });
    await accept(team.id, kept, dropped, newLeader);
    const keptJoined = await db()
      .selectFrom('team_members')
      .select('joined_at')
      .where('team_id', '=', team.id)
      .where('user_id', '=', kept.id)
      .executeTakeFirstOrThrow();
    const keptLink = await db()
      .selectFrom('team_disciplines')
      .selectAll()
      .where('team_id', '=', team.id)
      .where('discipline_id', '=', 'surfing')
      .executeTakeFirstOrThrow();

    const res = await call('PUT', `/api/admin/teams/${team.id}`, kit.admin, {
      name: 'Renamed Crew',
      type: 'Pro',
      description: '',
      leaderId: newLeader.id,
      memberIds: [oldLeader.id, kept.id, added.id],
      disciplineIds: ['surfing', 'snowboarding'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed Crew', leaderId: newLeader.id, description: null, disciplineIds: ['snowboarding', 'surfing'] });
    expect((await members(team.id)).map((m) => m.user_id)).not.toContain(added.id);
    await accept(team.id, added);
    expect(await members(team.id)).toEqual(
      sorted([
        { user_id: newLeader.id, role: 'leader' },
        { user_id: oldLeader.id, role: 'member' },
        { user_id: kept.id, role: 'member' },
        { user_id: added.id, role: 'member' },
      ]),
    );
    expect((await db().selectFrom('teams').select('leader_id').where('id', '=', team.id).executeTakeFirstOrThrow()).leader_id).toBe(newLeader.id);
    expect(await links(team.id)).toEqual(['snowboarding', 'surfing']);
    // Kept rows are kept, not re-created.
    expect(
      await db().selectFrom('team_members').select('joined_at').where('team_id', '=', team.id).where('user_id', '=', kept.id).executeTakeFirstOrThrow(),
    ).toEqual(keptJoined);
    expect(
      await db().selectFrom('team_disciplines').selectAll().where('team_id', '=', team.id).where('discipline_id', '=', 'surfing').executeTakeFirstOrThrow(),
    ).toEqual(keptLink);

    // The leader is a member even when left out of the member list; an old leader left out is removed.
    const again = await call('PUT', `/api/admin/teams/${team.id}`, kit.admin, {
      name: 'Renamed Crew',
      type: 'Pro',
      leaderId: kept.id,
      memberIds: [added.id],
      disciplineIds: [],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await members(team.id)).toEqual(
      sorted([
        { user_id: kept.id, role: 'leader' },
        { user_id: added.id, role: 'member' },
      ]),
    );
    expect(await links(team.id)).toEqual([]);
  });

  test('a pending team keeps its status; its queue entry takes the new name; an admin-invited member’s join request is settled when they accept', async () => {
    const leader = await user();
    const asker = await user();
    const created = await call('POST', '/api/teams', leader, { name: `Queued ${token()}`, isPrivate: true });
    expect(created.statusCode, created.body).toBe(201);
    const teamId = (created.json() as { id: string }).id;
    expect((await call('POST', `/api/teams/${teamId}/join`, asker)).statusCode).toBe(404); // pending: hidden from others
    await db().insertInto('team_join_requests').values({ team_id: teamId, user_id: asker.id }).execute();

    const res = await call('PUT', `/api/admin/teams/${teamId}`, kit.admin, {
      name: 'Queued Renamed',
      type: 'Pro',
      isPrivate: true,
      leaderId: leader.id,
      memberIds: [asker.id],
      disciplineIds: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminTeam).status).toBe('pending');
    const queued = await db().selectFrom('pending_approvals').select('item_data').where('item_id', '=', teamId).executeTakeFirstOrThrow();
    expect(queued.item_data).toEqual({ name: 'Queued Renamed' });
    await accept(teamId, asker);
    expect(await db().selectFrom('team_join_requests').select('id').where('team_id', '=', teamId).where('status', '=', 'pending').execute()).toEqual([]);
  });

  test('unknown people or disciplines, a missing leader, a missing team: refused and nothing written', async () => {
    const leader = await user();
    const member = await user();
    const team = await create({ name: `Stable ${token()}`, leaderId: leader.id, memberIds: [member.id], disciplineIds: ['surfing'] });
    const snapshot = async () => ({
      count: await teamCount(),
      team: await db().selectFrom('teams').selectAll().where('id', '=', team.id).executeTakeFirstOrThrow(),
      members: await members(team.id),
      links: await links(team.id),
    });
    const before = await snapshot();
    const valid = { name: 'Changed', type: 'Pro', leaderId: member.id, memberIds: [leader.id], disciplineIds: ['skateboarding'] };

    for (const [method, url] of [
      ['POST', '/api/admin/teams'],
      ['PUT', `/api/admin/teams/${team.id}`],
    ] as const) {
      expectError(await call(method, url, kit.admin, { ...valid, memberIds: [leader.id, 'no-such-user'] }), 400, 'USER_NOT_FOUND');
      expectError(await call(method, url, kit.admin, { ...valid, leaderId: 'no-such-user' }), 400, 'USER_NOT_FOUND');
      expectError(await call(method, url, kit.admin, { ...valid, disciplineIds: ['skateboarding', 'no-such-sport'] }), 400, 'DISCIPLINE_NOT_FOUND');
      expectInvalid(await call(method, url, kit.admin, { ...valid, leaderId: '' }), 'LEADER_REQUIRED', 'leaderId');
      expectInvalid(await call(method, url, kit.admin, { ...valid, leaderId: undefined }), 'LEADER_REQUIRED', 'leaderId');
      expectInvalid(await call(method, url, kit.admin, { ...valid, name: '  ' }), 'REQUIRED', 'name');
      expectInvalid(await call(method, url, kit.admin, { ...valid, type: '' }), 'REQUIRED', 'type');
    }
    expectError(await call('PUT', `/api/admin/teams/${MISSING_ID}`, kit.admin, valid), 404, 'TEAM_NOT_FOUND');
    expectError(await call('PUT', '/api/admin/teams/not-a-uuid', kit.admin, valid), 404, 'TEAM_NOT_FOUND');
    expectError(await call('GET', `/api/admin/teams/${MISSING_ID}`, kit.admin), 404, 'TEAM_NOT_FOUND');
    expect(await snapshot()).toEqual(before);
  });

  test('an admin uploads the logo of a team through the team image endpoint', async () => {
    const leader = await user();
    const team = await create({ name: `Pictured ${token()}`, leaderId: leader.id });
    const body = fileUpload(await fixtures.png(40, 40));
    const res = await kit.t.app.inject({
      method: 'PUT',
      url: `/api/teams/${team.id}/logo`,
      headers: { origin: ORIGIN, cookie: kit.admin.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const read = (await call('GET', `/api/admin/teams/${team.id}`, kit.admin)).json() as AdminTeam;
    expect(read.logoUrl).toEqual(expect.any(String));
  });
});
