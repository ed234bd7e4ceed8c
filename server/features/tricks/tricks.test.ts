import { describe, expect, test } from 'vitest';
import { trickInputSchema, type ProfileTrick, type Trick, type TrickInput, type TrickList } from '../../../common/tricks.ts';
import { seedTrickSamples } from '../../db/samples/tricks.ts';
import { contentTestKit, expectError, MISSING_ID, type User, sectionCalls } from '../../test/content-kit.ts';

const kit = contentTestKit('trick');
const { call, token, user, approvalFor, decide } = kit;

const DISCIPLINE = 'skateboarding';

function input(over: Partial<TrickInput> = {}): TrickInput {
  return {
    name: `Kickflip ${token()}`,
    description: 'Flip the board a full rotation along its long axis.',
    level: 'Intermediate',
    difficulty: 5,
    steps: ['Set your feet', 'Pop the tail', 'Flick off the heel side of the nose', 'Catch and land over the bolts'],
    tips: ['Keep your shoulders level'],
    ...over,
  };
}

const { add: addTrick, list } = sectionCalls<Trick, TrickInput, TrickList>(call, 'tricks', input, DISCIPLINE);

async function progression(userId: string, who: User | null = null): Promise<ProfileTrick[]> {
  const res = await call('GET', `/api/profiles/${userId}/tricks`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProfileTrick[];
}

describe('contributing a trick', () => {
  test('a non-admin trick is pending, queued, and public once approved', async () => {
    const author = await user();
    const other = await user();
    const trick = await addTrick(author, { videoUrl: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(trick).toMatchObject({
      status: 'pending',
      mine: true,
      author: { id: author.id, name: author.name },
      level: 'Intermediate',
      difficulty: 5,
      steps: input().steps,
      tips: ['Keep your shoulders level'],
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      reactions: { likes: 0, comments: 0, liked: false },
      rating: { average: null, count: 0, mine: null },
      myProgress: null,
    });
    expect(await approvalFor(trick.id)).toMatchObject({ itemType: 'trick', itemName: trick.name, submittedBy: { id: author.id } });

    const q = `?q=${encodeURIComponent(trick.name)}`;
    expect((await list(null, q)).items).toEqual([]);
    expect((await list(other, q)).items).toEqual([]);
    expect((await list(author, q)).items).toMatchObject([{ id: trick.id, status: 'pending', mine: true }]);
    expectError(await call('GET', `/api/tricks/${trick.id}`, other), 404, 'CONTENT_NOT_FOUND');

    await decide(trick.id, 'approved');
    expect((await list(null, q)).items).toMatchObject([{ id: trick.id, status: 'approved', mine: false }]);
    expect((await call('GET', `/api/tricks/${trick.id}`)).json()).toMatchObject({ id: trick.id, status: 'approved', steps: trick.steps });
  });

  test('a rejected trick is hidden from everyone but its author and admins', async () => {
    const author = await user();
    const trick = await addTrick(author);
    await decide(trick.id, 'rejected');
    expectError(await call('GET', `/api/tricks/${trick.id}`), 404, 'CONTENT_NOT_FOUND');
    expect((await call('GET', `/api/tricks/${trick.id}`, author)).json()).toMatchObject({ status: 'rejected' });
  });

  test("an admin's trick is approved at once and not queued; tips may be left out", async () => {
    const { tips: _tips, ...rest } = input();
    const res = await call('POST', `/api/disciplines/${DISCIPLINE}/tricks`, kit.admin, rest);
    expect(res.statusCode, res.body).toBe(201);
    const trick = res.json() as Trick;
    expect(trick).toMatchObject({ status: 'approved', tips: [] });
    expect(await approvalFor(trick.id)).toBeUndefined();
  });

  test('visitors answer 401, unknown disciplines and tricks 404', async () => {
    expectError(await call('POST', `/api/disciplines/${DISCIPLINE}/tricks`, null, input()), 401, 'UNAUTHORIZED');
    expectError(await call('POST', '/api/disciplines/no-such-sport/tricks', await user(), input()), 404, 'DISCIPLINE_NOT_FOUND');
    expectError(await call('GET', '/api/disciplines/no-such-sport/tricks'), 404, 'DISCIPLINE_NOT_FOUND');
    expectError(await call('GET', `/api/tricks/${MISSING_ID}`), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('GET', '/api/tricks/not-a-uuid'), 404, 'CONTENT_NOT_FOUND');
  });

  test.each([
    [{ difficulty: 0 }],
    [{ difficulty: 11 }],
    [{ difficulty: 5.5 }],
    [{ difficulty: '5' as unknown as number }],
    [{ level: 'Expert' as TrickInput['level'] }],
    [{ level: 'beginner' as TrickInput['level'] }],
    [{ steps: [] }],
    [{ steps: ['  ', ''] }],
    [{ steps: Array.from({ length: 21 }, (_, i) => `Step ${i}`) }],
    [{ tips: Array.from({ length: 11 }, (_, i) => `Tip ${i}`) }],
    [{ name: '   ' }],
    [{ description: '' }],
  ])('refuses %j', async (over) => {
    const res = await call('POST', `/api/disciplines/${DISCIPLINE}/tricks`, await user(), input(over));
    expect(res.statusCode, res.body).toBe(400);
  });

  test('accepts the difficulty limits 1 and 10', async () => {
    expect(await addTrick(kit.admin, { difficulty: 1, level: 'Beginner' })).toMatchObject({ difficulty: 1, level: 'Beginner' });
    expect(await addTrick(kit.admin, { difficulty: 10, level: 'Advanced' })).toMatchObject({ difficulty: 10, level: 'Advanced' });
  });

  test.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example.com/video', 'ftp://x.example.com/v.mp4'])(
    'refuses the video URL %s with INVALID_URL',
    async (videoUrl) => {
      const res = await call('POST', `/api/disciplines/${DISCIPLINE}/tricks`, await user(), input({ videoUrl }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_URL', fields: { videoUrl: 'INVALID_URL' } });
    },
  );
});

describe('search, level filter and pagination', () => {
  test('q matches name or description case-insensitively, level filters, newest first, pages add up', async () => {
    const tag = token('tag');
    const a = await addTrick(kit.admin, { name: `Ollie ${tag}`, level: 'Beginner', difficulty: 2 });
    const b = await addTrick(kit.admin, { name: 'Heelflip', description: `Like a kickflip ${tag.toUpperCase()}`, level: 'Intermediate' });
    const c = await addTrick(kit.admin, { name: `Tre flip ${tag}`, level: 'Advanced', difficulty: 8 });
    await addTrick(kit.admin, { name: 'Unrelated', level: 'Beginner' });

    const all = await list(null, `?q=${tag.toLowerCase()}`);
    expect(all.items.map((x) => x.id)).toEqual([c.id, b.id, a.id]);
    expect(all.total).toBe(3);

    expect((await list(null, `?q=${tag}&level=Beginner`)).items.map((x) => x.id)).toEqual([a.id]);
    expect((await list(null, `?q=${tag}&level=Advanced`)).items.map((x) => x.id)).toEqual([c.id]);
    expect((await call('GET', `/api/disciplines/${DISCIPLINE}/tricks?level=Expert`)).statusCode).toBe(400);

    const page1 = await list(null, `?q=${tag}&limit=2&page=1`);
    const page2 = await list(null, `?q=${tag}&limit=2&page=2`);
    const page3 = await list(null, `?q=${tag}&limit=2&page=3`);
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.items).toHaveLength(2);
    expect([...page1.items, ...page2.items].map((x) => x.id)).toEqual([c.id, b.id, a.id]);
    expect(page3).toMatchObject({ items: [], total: 3, page: 3 });
  });

  test('wildcards are literal, the limit is capped, other disciplines are not listed', async () => {
    expect((await list(null, '?q=%25_%25')).total).toBe(0);
    expect((await list(null, '?limit=500')).pageSize).toBe(50);
    const trick = await addTrick(kit.admin, {}, 'surfing');
    expect((await list(null, `?q=${encodeURIComponent(trick.name)}`)).items).toEqual([]);
    expect((await list(null, `?q=${encodeURIComponent(trick.name)}`, 'surfing')).items).toHaveLength(1);
  });
});

describe('editing and deleting', () => {
  test('the author edits their trick; fields left out keep their value', async () => {
    const author = await user();
    const trick = await addTrick(author);
    const name = `Renamed ${token()}`;
    const res = await call('PATCH', `/api/tricks/${trick.id}`, author, { name, steps: ['Only step'], difficulty: 7 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name, steps: ['Only step'], difficulty: 7, tips: trick.tips, level: trick.level, status: 'pending' });
    expect((await approvalFor(trick.id))?.itemName).toBe(name);
    expect((await call('PATCH', `/api/tricks/${trick.id}`, author, { difficulty: 11 })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/tricks/${trick.id}`, author, { videoUrl: 'javascript:alert(1)' })).json()).toMatchObject({ code: 'INVALID_URL' });
  });

  test('another user gets 403 and nothing changes; visitors 401; admins may', async () => {
    const trick = await addTrick(kit.admin);
    const other = await user();
    expectError(await call('PATCH', `/api/tricks/${trick.id}`, other, { name: 'Hijacked' }), 403, 'FORBIDDEN');
    expectError(await call('DELETE', `/api/tricks/${trick.id}`, other), 403, 'FORBIDDEN');
    expectError(await call('PATCH', `/api/tricks/${trick.id}`, null, { name: 'Hijacked' }), 401, 'UNAUTHORIZED');
    expectError(await call('DELETE', `/api/tricks/${trick.id}`, null), 401, 'UNAUTHORIZED');
    expect((await call('GET', `/api/tricks/${trick.id}`)).json()).toMatchObject({ name: trick.name });

    const theirs = await addTrick(other);
    expect((await call('PATCH', `/api/tricks/${theirs.id}`, kit.admin, { level: 'Advanced' })).json()).toMatchObject({ level: 'Advanced' });
    expect((await call('DELETE', `/api/tricks/${theirs.id}`, kit.admin)).statusCode).toBe(204);
  });

  test('the author deletes their trick; its approval and progress go with it', async () => {
    const author = await user();
    const trick = await addTrick(author);
    expect((await call('PUT', `/api/tricks/${trick.id}/progress`, author, { state: 'learning' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/tricks/${trick.id}`, author)).statusCode).toBe(204);
    expectError(await call('GET', `/api/tricks/${trick.id}`, author), 404, 'CONTENT_NOT_FOUND');
    expect(await approvalFor(trick.id)).toBeUndefined();
    const left = await kit.t.app.db.selectFrom('trick_progress').select('user_id').where('trick_id', '=', trick.id).execute();
    expect(left).toEqual([]);
  });
});

describe('progression', () => {
  test('set, changed and removed, shown on the trick and in /api/profiles/:id/tricks', async () => {
    const rider = await user();
    const trick = await addTrick(kit.admin, { level: 'Advanced', difficulty: 9 });

    const set = await call('PUT', `/api/tricks/${trick.id}/progress`, rider, { state: 'learning' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ state: 'learning' });
    expect((await call('GET', `/api/tricks/${trick.id}`, rider)).json()).toMatchObject({ myProgress: 'learning' });
    // Someone else's view of the trick does not carry the rider's state.
    expect((await call('GET', `/api/tricks/${trick.id}`, kit.admin)).json()).toMatchObject({ myProgress: null });
    expect(await progression(rider.id)).toEqual([
      { trickId: trick.id, name: trick.name, disciplineId: DISCIPLINE, level: 'Advanced', difficulty: 9, state: 'learning', updatedAt: expect.any(String) },
    ]);

    await call('PUT', `/api/tricks/${trick.id}/progress`, rider, { state: 'landed' });
    expect((await list(rider, `?q=${encodeURIComponent(trick.name)}`)).items).toMatchObject([{ id: trick.id, myProgress: 'landed' }]);
    expect(await progression(rider.id, kit.admin)).toMatchObject([{ trickId: trick.id, state: 'landed' }]);

    const removed = await call('DELETE', `/api/tricks/${trick.id}/progress`, rider);
    expect(removed.json()).toEqual({ state: null });
    expect(await progression(rider.id)).toEqual([]);
    expect((await call('GET', `/api/tricks/${trick.id}`, rider)).json()).toMatchObject({ myProgress: null });
  });

  test('a bad state is refused; visitors 401; a hidden or unknown trick 404', async () => {
    const rider = await user();
    const trick = await addTrick(kit.admin);
    expect((await call('PUT', `/api/tricks/${trick.id}/progress`, rider, { state: 'mastered' })).statusCode).toBe(400);
    expectError(await call('PUT', `/api/tricks/${trick.id}/progress`, null, { state: 'landed' }), 401, 'UNAUTHORIZED');
    expectError(await call('DELETE', `/api/tricks/${trick.id}/progress`, null), 401, 'UNAUTHORIZED');

    const hidden = await addTrick(await user());
    expectError(await call('PUT', `/api/tricks/${hidden.id}/progress`, rider, { state: 'landed' }), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('PUT', `/api/tricks/${MISSING_ID}/progress`, rider, { state: 'landed' }), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('DELETE', `/api/tricks/${hidden.id}/progress`, rider), 404, 'CONTENT_NOT_FOUND');
  });

  test("an author's progress on their own pending trick is not shown publicly", async () => {
    const author = await user();
    const trick = await addTrick(author);
    expect((await call('PUT', `/api/tricks/${trick.id}/progress`, author, { state: 'landed' })).statusCode).toBe(200);
    expect(await progression(author.id)).toEqual([]);
    await decide(trick.id, 'approved');
    expect(await progression(author.id)).toMatchObject([{ trickId: trick.id, state: 'landed' }]);
  });

  test('unknown people answer 404 USER_NOT_FOUND', async () => {
    expectError(await call('GET', '/api/profiles/no-such-user/tricks'), 404, 'USER_NOT_FOUND');
  });
});

describe('likes, comments and ratings', () => {
  test("readers' ratings and likes show on the trick", async () => {
    const trick = await addTrick(kit.admin);
    const a = await user();
    const b = await user();
    expect((await call('PUT', `/api/content/trick/${trick.id}/rating`, a, { score: 5 })).statusCode).toBeLessThan(300);
    expect((await call('PUT', `/api/content/trick/${trick.id}/rating`, b, { score: 2 })).statusCode).toBeLessThan(300);
    expect((await call('PUT', `/api/content/trick/${trick.id}/like`, a)).statusCode).toBeLessThan(300);
    expect((await call('POST', `/api/content/trick/${trick.id}/comments`, b, { body: 'Finally landed it!' })).statusCode).toBeLessThan(300);

    expect((await call('GET', `/api/tricks/${trick.id}`, a)).json()).toMatchObject({
      rating: { average: 3.5, count: 2, mine: 5 },
      reactions: { likes: 1, comments: 1, liked: true },
    });
    expect((await list(null, `?q=${encodeURIComponent(trick.name)}`)).items).toMatchObject([
      { rating: { average: 3.5, count: 2, mine: null }, reactions: { likes: 1, comments: 1, liked: false } },
    ]);
  });
});

describe('sample tricks', () => {
  test('four valid, approved tricks per sample discipline across the three levels', async () => {
    // Fresh authors, so that every trick they hold is a sample.
    const authors = [(await user()).id, (await user()).id, (await user()).id];
    await kit.t.app.db.transaction().execute((tx) => seedTrickSamples(tx, authors));
    for (const discipline of ['surfing', 'skateboarding', 'snowboarding']) {
      const samples = await kit.t.app.db.selectFrom('tricks').selectAll().where('discipline_id', '=', discipline).where('author_id', 'in', authors).execute();
      expect(samples).toHaveLength(4);
      expect(new Set(samples.map((r) => r.level))).toEqual(new Set(['Beginner', 'Intermediate', 'Advanced']));
      for (const r of samples) {
        expect(r.status).toBe('approved');
        const parsed = trickInputSchema.safeParse({ name: r.name, description: r.description, level: r.level, difficulty: r.difficulty, steps: r.steps, tips: r.tips, videoUrl: r.video_url ?? '' });
        expect(parsed.success, `${discipline} ${r.name}`).toBe(true);
        expect(r.steps.length).toBeGreaterThanOrEqual(3);
        expect(r.steps.length).toBeLessThanOrEqual(6);
      }
    }
  });
});
