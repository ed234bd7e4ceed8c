import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import type { ContentType } from '../../../common/content-basics.ts';
import { decodeFeedCursor, encodeFeedCursor, type FeedItem, type FeedPage } from '../../../common/feed.ts';
import { contentTestKit, expectError, type User } from '../../test/content-kit.ts';
import { feedStatement } from './feed.db.ts';

const kit = contentTestKit('article');
const { call, token, user } = kit;

const db = () => kit.t.app.db;
const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);

async function feed(who: User | null, query = ''): Promise<FeedPage> {
  const res = await call('GET', `/api/feed${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeedPage;
}

/** Every item of the feed, page after page of `limit`. */
async function wholeFeed(who: User, limit: number): Promise<FeedItem[]> {
  const items: FeedItem[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages += 1) {
    const page: FeedPage = await feed(who, `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return items;
  }
  throw new Error('the feed never ended');
}

function expectInvalid(res: LightMyRequestResponse, field: string) {
  expect({ status: res.statusCode, body: res.json() }).toEqual({
    status: 400,
    body: { code: 'VALIDATION_ERROR', message: expect.any(String), fields: { [field]: 'VALIDATION_ERROR' } },
  });
}

const keyOf = (item: FeedItem) => (item.kind === 'member' ? `member:${item.team.id}:${item.member.id}` : `${item.kind}:${item.id}`);

async function discipline(name = `Sport ${token('d')}`): Promise<{ id: string; name: string }> {
  const id = token('d').toLowerCase();
  await db()
    .insertInto('disciplines')
    .values({ id, name, names: JSON.stringify({ es: `${name} ES` }) })
    .execute();
  return { id, name };
}

const followDiscipline = (who: User, disciplineId: string) =>
  db().insertInto('discipline_followers').values({ user_id: who.id, discipline_id: disciplineId }).execute();
const followPerson = (who: User, followee: User) => db().insertInto('user_follows').values({ follower_id: who.id, followee_id: followee.id }).execute();

type Status = 'approved' | 'pending' | 'rejected';

/** Inserts a content item of `type` straight into its table. */
async function add(
  type: ContentType,
  author: User | null,
  disciplineId: string,
  opts: { status?: Status; at?: Date; title?: string; body?: string; start?: Date } = {},
): Promise<{ id: string; title: string }> {
  const base = { discipline_id: disciplineId, author_id: author?.id ?? null, status: opts.status ?? 'approved', created_at: opts.at ?? new Date() };
  const title = opts.title ?? `${type} ${token()}`;
  const body = opts.body ?? `About ${title}`;
  let row: { id: string };
  switch (type) {
    case 'article':
      row = await db()
        .insertInto('articles')
        .values({ ...base, title, content: body, image_url: '/images/a.webp' })
        .returning('id')
        .executeTakeFirstOrThrow();
      break;
    case 'event': {
      const start = opts.start ?? new Date(Date.now() + 60 * DAY);
      row = await db()
        .insertInto('events')
        .values({ ...base, name: title, description: body, location: 'Beach', start_date: start, end_date: new Date(start.getTime() + DAY) })
        .returning('id')
        .executeTakeFirstOrThrow();
      break;
    }
    case 'place':
      row = await db()
        .insertInto('places')
        .values({ ...base, name: title, location: body, latitude: 1, longitude: 2 })
        .returning('id')
        .executeTakeFirstOrThrow();
      break;
    case 'review':
      row = await db()
        .insertInto('reviews')
        .values({ ...base, product_name: title, content: body, rating: 4 })
        .returning('id')
        .executeTakeFirstOrThrow();
      break;
    case 'trick':
      row = await db()
        .insertInto('tricks')
        .values({ ...base, name: title, description: body, difficulty: 3 })
        .returning('id')
        .executeTakeFirstOrThrow();
      break;
    case 'shop':
      row = await db()
        .insertInto('shops')
        .values({ ...base, name: title, description: body, location: 'Town' })
        .returning('id')
        .executeTakeFirstOrThrow();
      break;
  }
  return { id: row.id, title };
}

async function team(leader: User, status: Status = 'approved'): Promise<{ id: string; name: string }> {
  const name = `Crew ${token('t')}`;
  const row = await db().insertInto('teams').values({ name, leader_id: leader.id, status }).returning('id').executeTakeFirstOrThrow();
  await db()
    .insertInto('team_members')
    .values({ team_id: row.id, user_id: leader.id, role: 'leader', joined_at: ago(30 * DAY) })
    .execute();
  return { id: row.id, name };
}

const join = (teamId: string, who: User, at: Date) => db().insertInto('team_members').values({ team_id: teamId, user_id: who.id, joined_at: at }).execute();

describe('GET /api/feed', () => {
  test('anonymous visitors get 401; a bad cursor or limit gets 400', async () => {
    expectError(await call('GET', '/api/feed', null), 401, 'UNAUTHORIZED');
    const me = await user();
    const forged = encodeFeedCursor({ at: '2024-01-01T00:00:00.000000Z', kind: 'content', id: 'x' });
    for (const bad of [
      'not-a-cursor',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('["2024-02-30T00:00:00.000000Z","content","x"]').toString('base64url'),
      Buffer.from('["2024-01-01T00:00:00.000Z","content","x"]').toString('base64url'),
      Buffer.from('["2024-01-01T00:00:00.000000Z","article","x"]').toString('base64url'),
      forged.slice(0, -3),
    ]) {
      expectInvalid(await call('GET', `/api/feed?cursor=${encodeURIComponent(bad)}`, me), 'cursor');
    }
    expectInvalid(await call('GET', '/api/feed?limit=0', me), 'limit');
    expectInvalid(await call('GET', '/api/feed?limit=abc', me), 'limit');
    expect(await feed(me, `?cursor=${forged}`)).toEqual({ items: [], nextCursor: null });
    expect(decodeFeedCursor(forged)).toEqual({ at: '2024-01-01T00:00:00.000000Z', kind: 'content', id: 'x' });
  });

  test('a new user with nothing followed has an empty feed', async () => {
    expect(await feed(await user())).toEqual({ items: [], nextCursor: null });
  });

  test('approved content of every type in a followed discipline, with its reason', async () => {
    const me = await user();
    const author = await user('Bea Author');
    const d = await discipline('Surfing Test');
    await followDiscipline(me, d.id);
    const added: Record<string, { id: string; title: string }> = {};
    const types: ContentType[] = ['article', 'event', 'place', 'review', 'trick', 'shop'];
    for (const [i, type] of types.entries()) {
      added[type] = await add(type, author, d.id, { at: ago((10 - i) * 60_000), body: `**Bold** intro of ${type}.\n\nMore  text` });
    }
    const { items, nextCursor } = await feed(me);
    expect(nextCursor).toBeNull();
    expect(items.map((i) => (i.kind === 'member' || i.kind === 'session' ? '' : `${i.kind}:${i.type}:${i.id}`))).toEqual(
      types.map((t) => `content:${t}:${added[t]!.id}`).reverse(),
    );
    const article = items.find((i) => i.kind === 'content' && i.type === 'article');
    expect(article).toEqual({
      kind: 'content',
      type: 'article',
      id: added.article!.id,
      disciplineId: d.id,
      title: added.article!.title,
      excerpt: 'Bold intro of article. More text',
      imageUrl: '/images/a.webp',
      author: { id: author.id, name: 'Bea Author', avatarUrl: null },
      createdAt: expect.any(String),
      reason: { type: 'discipline', disciplineId: d.id, name: 'Surfing Test', names: { es: 'Surfing Test ES' } },
    });
    const trick = items.find((i) => i.kind === 'content' && i.type === 'trick');
    expect(trick).toMatchObject({ imageUrl: null, excerpt: '**Bold** intro of trick. More text' });
  });

  test('excerpts are plain and at most 200 characters', async () => {
    const me = await user();
    const d = await discipline();
    await followDiscipline(me, d.id);
    await add('article', await user(), d.id, { body: `# Title\n\n${'word '.repeat(300)}` });
    await add('shop', null, d.id, { body: 'x'.repeat(500) });
    const { items } = await feed(me);
    expect(items).toHaveLength(2);
    for (const item of items) {
      if (item.kind === 'member') continue;
      expect(item.excerpt.length).toBeLessThanOrEqual(200);
      expect(item.excerpt.endsWith('…')).toBe(true);
      expect(item.excerpt).not.toContain('#');
    }
    // The shop's author account is gone: the item stays, without an author.
    expect(items.find((i) => i.kind === 'content' && i.type === 'shop')).toMatchObject({ author: null });
  });

  test('content of followed people outside followed disciplines, reason person; once when reached both ways', async () => {
    const me = await user();
    const ana = await user('Ana Follows');
    const followed = await discipline();
    const other = await discipline();
    await followDiscipline(me, followed.id);
    await followPerson(me, ana);
    const elsewhere = await add('trick', ana, other.id, { at: ago(2 * 60_000) });
    const both = await add('place', ana, followed.id, { at: ago(60_000) });
    const { items } = await feed(me);
    expect(items.map((i) => [keyOf(i), i.reason])).toEqual([
      [`content:${both.id}`, { type: 'discipline', disciplineId: followed.id, name: followed.name, names: { es: `${followed.name} ES` } }],
      [`content:${elsewhere.id}`, { type: 'person', userId: ana.id, name: 'Ana Follows' }],
    ]);
    expect(items[1]).toMatchObject({ kind: 'content', type: 'trick', disciplineId: other.id, author: { id: ana.id, name: 'Ana Follows' } });
  });

  test('pending and rejected content never appears, nor the own items, nor content of blocked people', async () => {
    const me = await user();
    const ana = await user();
    const blocked = await user();
    const blocker = await user();
    const d = await discipline();
    await followDiscipline(me, d.id);
    await followPerson(me, ana);
    const other = await discipline();
    for (const status of ['pending', 'rejected'] as const) {
      await add('article', ana, d.id, { status });
      await add('event', ana, other.id, { status });
      await add('event', ana, d.id, { status, at: ago(30 * DAY), start: new Date(Date.now() + 3 * DAY) });
    }
    await add('article', me, d.id);
    await add('event', me, d.id, { at: ago(30 * DAY), start: new Date(Date.now() + 3 * DAY) });
    await add('review', blocked, d.id);
    await add('review', blocker, d.id);
    await db()
      .insertInto('user_blocks')
      .values([
        { blocker_id: me.id, blocked_id: blocked.id },
        { blocker_id: blocker.id, blocked_id: me.id },
      ])
      .execute();
    const visible = await add('article', ana, d.id);
    const { items } = await feed(me);
    expect(items.map(keyOf)).toEqual([`content:${visible.id}`]);
  });

  test('an event of a followed discipline starting within 14 days shows once more, dated 14 days before its start', async () => {
    const me = await user();
    const host = await user();
    const d = await discipline();
    await followDiscipline(me, d.id);
    const start = new Date(Date.now() + 5 * DAY);
    const soon = await add('event', host, d.id, { at: ago(40 * DAY), start });
    // Announced within the last 14 days: its own item is recent enough.
    const fresh = await add('event', host, d.id, { at: ago(DAY), start: new Date(Date.now() + 6 * DAY) });
    const later = await add('event', host, d.id, { at: ago(40 * DAY), start: new Date(Date.now() + 30 * DAY) });
    await add('event', host, d.id, { at: ago(40 * DAY), start: ago(DAY) });
    // Only through a followed person: no reminder.
    const ana = await user();
    await followPerson(me, ana);
    await add('event', ana, (await discipline()).id, { at: ago(40 * DAY), start: new Date(Date.now() + 2 * DAY) });

    const { items } = await feed(me, '?limit=50');
    const upcoming = items.filter((i) => i.kind === 'upcoming_event');
    expect(upcoming).toEqual([
      {
        kind: 'upcoming_event',
        type: 'event',
        id: soon.id,
        disciplineId: d.id,
        title: soon.title,
        excerpt: `About ${soon.title}`,
        imageUrl: null,
        author: { id: host.id, name: host.name, avatarUrl: null },
        createdAt: new Date(start.getTime() - 14 * DAY).toISOString(),
        startDate: start.toISOString(),
        reason: { type: 'discipline', disciplineId: d.id, name: d.name, names: { es: `${d.name} ES` } },
      },
    ]);
    // Its announcement is in the feed too, further down, as are the other events'.
    const keys = items.map(keyOf);
    expect(keys.indexOf(`upcoming_event:${soon.id}`)).toBeLessThan(keys.indexOf(`content:${soon.id}`));
    expect(keys).toContain(`content:${fresh.id}`);
    expect(keys).toContain(`content:${later.id}`);
    expect(keys).not.toContain(`upcoming_event:${fresh.id}`);
    expect(keys).not.toContain(`upcoming_event:${later.id}`);
  });

  test('people who joined my approved teams after me, reason team; not me, not pending teams', async () => {
    const me = await user();
    const leader = await user();
    const newcomer = await user('Nina Newcomer');
    const crew = await team(leader);
    await join(crew.id, me, ago(10 * DAY));
    await join(crew.id, newcomer, ago(DAY));
    const pending = await team(leader, 'pending');
    await join(pending.id, me, ago(10 * DAY));
    await join(pending.id, await user(), ago(DAY));
    const mine = await team(me);
    await join(mine.id, await user('Late Joiner'), ago(2 * DAY));

    const { items } = await feed(me);
    expect(items).toEqual([
      {
        kind: 'member',
        team: { id: crew.id, name: crew.name, logoUrl: null },
        member: { id: newcomer.id, name: 'Nina Newcomer', avatarUrl: null },
        createdAt: expect.any(String),
        reason: { type: 'team', teamId: crew.id, name: crew.name },
      },
      expect.objectContaining({ kind: 'member', team: expect.objectContaining({ id: mine.id }), member: expect.objectContaining({ name: 'Late Joiner' }) }),
    ]);
    // The leader of `crew` sees the two who joined after the team began.
    const leaderFeed = await feed(leader);
    expect(leaderFeed.items.map(keyOf).sort()).toEqual([`member:${crew.id}:${me.id}`, `member:${crew.id}:${newcomer.id}`].sort());
  });

  test('paging with the cursor returns every item exactly once, even with equal times', async () => {
    const me = await user();
    const ana = await user();
    const d = await discipline();
    const other = await discipline();
    await followDiscipline(me, d.id);
    await followPerson(me, ana);
    const same = ago(3 * 60_000);
    const types: ContentType[] = ['article', 'event', 'place', 'review', 'trick', 'shop'];
    const expected: string[] = [];
    for (const type of types) {
      for (let i = 0; i < 3; i += 1) expected.push(`content:${(await add(type, await user(), d.id, { at: same })).id}`);
      expected.push(`content:${(await add(type, ana, other.id, { at: same })).id}`);
    }
    for (let i = 0; i < 4; i += 1) expected.push(`content:${(await add('article', ana, other.id, { at: ago(i * 60_000) })).id}`);
    const crew = await team(await user());
    await join(crew.id, me, ago(DAY));
    for (let i = 0; i < 3; i += 1) {
      const mate = await user();
      await join(crew.id, mate, same);
      expected.push(`member:${crew.id}:${mate.id}`);
    }
    const soon = await add('event', await user(), d.id, { at: ago(40 * DAY), start: new Date(same.getTime() + 14 * DAY) });
    expected.push(`content:${soon.id}`, `upcoming_event:${soon.id}`);

    const all = await wholeFeed(me, 50);
    expect(all.map(keyOf).sort()).toEqual([...expected].sort());
    const times = all.map((i) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    for (const limit of [1, 2, 3, 7]) {
      const paged = await wholeFeed(me, limit);
      expect(paged.map(keyOf), `limit ${limit}`).toEqual(all.map(keyOf));
    }
    const first = await feed(me, '?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
  });

  test('limit defaults to 20 and is capped at 50', async () => {
    const me = await user();
    const d = await discipline();
    await followDiscipline(me, d.id);
    const author = await user();
    await db()
      .insertInto('tricks')
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          name: `T${i}`,
          discipline_id: d.id,
          description: 'D',
          difficulty: 2,
          author_id: author.id,
          status: 'approved' as const,
        })),
      )
      .execute();
    const first = await feed(me);
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const capped = await feed(me, '?limit=500');
    expect(capped.items).toHaveLength(50);
    const rest = await feed(me, `?limit=50&cursor=${capped.nextCursor}`);
    expect(rest).toEqual({ items: expect.any(Array), nextCursor: null });
    expect(rest.items).toHaveLength(5);
  });

  test('the statement reads every source through its indexes', async () => {
    const me = await user();
    const d = await discipline();
    await followDiscipline(me, d.id);
    await followPerson(me, await user());
    await join((await team(await user())).id, me, ago(DAY));
    const cursor = decodeFeedCursor(encodeFeedCursor({ at: new Date().toISOString().replace('Z', '000Z'), kind: 'member', id: 'z' }));
    // Test tables are small, where a scan is cheapest: forbid scans to see that an index serves each source.
    await db()
      .transaction()
      .execute(async (tx) => {
        await sql`set local enable_seqscan = off`.execute(tx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${feedStatement(me.id, { cursor, limit: 20 })}`.execute(tx);
        const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        // Sections are read by discipline or author; tiny test tables may take the approved-items index (migration 0007) for either.
        for (const index of [
          /articles_(discipline|approved)_idx/,
          /places_(discipline|approved)_idx/,
          /reviews_(discipline|approved)_idx/,
          /tricks_(discipline|approved)_idx/,
          /shops_(discipline|approved)_idx/,
          /events_(discipline_created|approved)_idx/,
          /articles_(author|approved)_idx/,
          /events_(author|approved)_idx/,
          /team_members_team_joined_idx/,
        ]) {
          expect(plan, String(index)).toMatch(index);
        }
        expect(plan).not.toMatch(/Seq Scan on (articles|events|places|reviews|tricks|shops|team_members)\b/);
      });
  });
});
