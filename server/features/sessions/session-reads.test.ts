import { beforeAll, describe, expect, test } from 'vitest';
import type { FeedPage } from '../../../common/feed.ts';
import type { ProfileSessionPage, SessionStats } from '../../../common/session-stats.ts';
import { contentTestKit, type User } from '../../test/content-kit.ts';
import { sessionsTestKit } from './sessions-test-kit.ts';

// Issue 20, item 1: the profile's log and figures and the followers' feed show a session only to
// those who may see it (sessionVisibleTo): public to all who see the place, followers-only to the
// author's followers, private to the author (and accepted companions), a crew spot's to its crew.

const kit = contentTestKit('place');
const s = sessionsTestKit(kit);

let author: User, stranger: User, follower: User, crewMate: User, companion: User, pendingCompanion: User;
const ids = { public: '', followers: '', private: '', crew: '' };
let trickName = '';

beforeAll(async () => {
  [author, stranger, follower, crewMate, companion, pendingCompanion] = (await Promise.all(
    ['Author', 'Stranger', 'Follower', 'Mate', 'Buddy', 'Maybe'].map((n) => kit.user(`${n} ${kit.token('p')}`)),
  )) as [User, User, User, User, User, User];
  await s.follow(follower, author);
  await s.follow(crewMate, author);
  // The stranger follows the discipline: the feed would show sessions if they came that way.
  expect((await kit.call('PUT', '/api/disciplines/surfing/follow', stranger)).statusCode).toBe(200);
  const teamId = await s.team(author, [crewMate]);
  const spot = await s.place();
  const crewSpot = await s.place({ crew: { author, teamId } });
  trickName = `Cutback ${kit.token()}`;
  const trick = await s.trick(trickName);
  const hour = (n: number) => new Date(Date.now() - n * 3_600_000);
  ids.public = await s.session(author, spot.id, {
    startedAt: hour(4),
    note: 'Glassy  at dawn',
    tricks: [trick],
    companions: [
      { user: companion, accepted: true },
      { user: pendingCompanion, accepted: false },
    ],
  });
  ids.followers = await s.session(author, spot.id, { startedAt: hour(3), visibility: 'followers' });
  ids.private = await s.session(author, spot.id, {
    startedAt: hour(2),
    visibility: 'private',
    companions: [
      { user: companion, accepted: true },
      { user: pendingCompanion, accepted: false },
    ],
  });
  ids.crew = await s.session(author, crewSpot.id, { startedAt: hour(1), visibility: 'followers' });
});

type Who = 'visitor' | 'stranger' | 'follower' | 'crew mate' | 'companion' | 'pending companion' | 'author' | 'admin';
const as = (who: Who): User | null =>
  ({ visitor: null, stranger, follower, 'crew mate': crewMate, companion, 'pending companion': pendingCompanion, author, admin: kit.admin })[who];

/** Newest first, as the log lists them. */
const SEES: Record<Who, (keyof typeof ids)[]> = {
  visitor: ['public'],
  stranger: ['public'],
  follower: ['followers', 'public'],
  'crew mate': ['crew', 'followers', 'public'],
  companion: ['private', 'public'],
  'pending companion': ['public'],
  author: ['crew', 'private', 'followers', 'public'],
  admin: ['crew', 'private', 'followers', 'public'],
};

describe('who sees a rider’s sessions', () => {
  test.each(Object.keys(SEES) as Who[])('%s: the log and the figures count only the sessions they may see', async (who) => {
    const log = await kit.call('GET', `/api/profiles/${author.id}/sessions`, as(who));
    expect(log.statusCode, log.body).toBe(200);
    const page = log.json() as ProfileSessionPage;
    expect(page.items.map((i) => i.id)).toEqual(SEES[who].map((k) => ids[k]));
    expect(page.total).toBe(SEES[who].length);

    const stats = (await kit.call('GET', `/api/profiles/${author.id}/session-stats`, as(who))).json() as SessionStats;
    expect(stats.totals.sessions).toBe(SEES[who].length);
    expect(stats.totals.spots).toBe(SEES[who].includes('crew') ? 2 : 1);
    expect(stats.lastWeeks.reduce((n, w) => n + w.sessions, 0)).toBe(SEES[who].length);
  });

  test('a log entry: place, discipline, start, duration, note, tricks and accepted companions only', async () => {
    const page = (await kit.call('GET', `/api/profiles/${author.id}/sessions`, null)).json() as ProfileSessionPage;
    expect(page.items[0]).toMatchObject({
      id: ids.public,
      disciplineId: 'surfing',
      durationMinutes: 60,
      note: 'Glassy  at dawn',
      visibility: 'public',
      author: { id: author.id, name: author.name },
      tricks: [{ name: trickName }],
      companions: [{ id: companion.id, name: companion.name }],
      canDelete: false,
    });
    const own = (await kit.call('GET', `/api/profiles/${author.id}/sessions`, author)).json() as ProfileSessionPage;
    expect(own.items.every((i) => i.canDelete)).toBe(true);
  });

  test('the log pages newest first', async () => {
    const rider = await kit.user();
    const spot = await s.place();
    const made = [];
    for (let n = 0; n < 12; n += 1) made.push(await s.session(rider, spot.id, { startedAt: new Date(Date.now() - (n + 1) * 60_000) }));
    const first = (await kit.call('GET', `/api/profiles/${rider.id}/sessions`, null)).json() as ProfileSessionPage;
    const second = (await kit.call('GET', `/api/profiles/${rider.id}/sessions?page=2`, null)).json() as ProfileSessionPage;
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual(made);
  });

  test('followers’ feeds: a followed rider’s sessions they may see, because they follow them', async () => {
    const sessionsIn = async (who: User) => {
      const res = await kit.call('GET', '/api/feed?limit=50', who);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as FeedPage).items.filter((i) => i.kind === 'session');
    };
    const seen = await sessionsIn(follower);
    expect(seen.map((i) => i.id)).toEqual([ids.followers, ids.public]);
    expect(seen[1]).toMatchObject({
      kind: 'session',
      place: { name: expect.stringContaining('Spot') },
      disciplineId: 'surfing',
      durationMinutes: 60,
      excerpt: 'Glassy at dawn',
      tricks: [{ name: trickName }],
      author: { id: author.id },
      reason: { type: 'person', userId: author.id, name: author.name },
    });
    expect((await sessionsIn(crewMate)).map((i) => i.id)).toEqual([ids.crew, ids.followers, ids.public]);
    // Not following the author: nothing, though they follow the discipline.
    expect(await sessionsIn(stranger)).toEqual([]);
    // Never the reader's own.
    expect(await sessionsIn(author)).toEqual([]);
  });

  test('the feed pages through sessions with its cursor', async () => {
    const reader = await kit.user();
    await s.follow(reader, author);
    const first = (await kit.call('GET', '/api/feed?limit=1', reader)).json() as FeedPage;
    expect(first.items.map((i) => i.kind === 'session' && i.id)).toEqual([ids.followers]);
    const second = (await kit.call('GET', `/api/feed?limit=1&cursor=${first.nextCursor}`, reader)).json() as FeedPage;
    expect(second.items.map((i) => i.kind === 'session' && i.id)).toEqual([ids.public]);
  });

  test('a block hides the sessions both ways', async () => {
    const blocker = await kit.user();
    await s.follow(blocker, author);
    expect((await kit.call('PUT', `/api/profiles/${author.id}/block`, blocker)).statusCode).toBeLessThan(300);
    const log = (await kit.call('GET', `/api/profiles/${author.id}/sessions`, blocker)).json() as ProfileSessionPage;
    expect(log.items).toEqual([]);
    const feed = (await kit.call('GET', '/api/feed?limit=50', blocker)).json() as FeedPage;
    expect(feed.items.filter((i) => i.kind === 'session')).toEqual([]);
  });
});
