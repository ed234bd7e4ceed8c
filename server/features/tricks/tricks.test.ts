import { describe, expect, test } from 'vitest';
import { trickInputSchema, type ProfileTrick, type Trick, type TrickInput, type TrickList } from '../../../common/tricks.ts';
import { seedTrickSamples } from '../../db/samples/tricks.ts';
import { contentTestKit, expectError, MISSING_ID, type User } from '../../test/content-kit.ts';
import { sectionSuite } from '../../test/section-suite.ts';

const kit = contentTestKit('trick');
const { call, token, user, decide } = kit;

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

const { add: addTrick, list } = sectionSuite<Trick, TrickInput, TrickList>({
  kit,
  section: 'tricks',
  discipline: DISCIPLINE,
  otherDiscipline: 'surfing',
  input,
  nameField: 'name',
  created: {
    over: { videoUrl: 'https://youtu.be/dQw4w9WgXcQ' },
    expected: { myProgress: null },
  },
  searchable: (tag) => [{ name: `Ollie ${tag}` }, { name: 'Heelflip', description: `Like a kickflip ${tag.toUpperCase()}` }, { name: `Tre flip ${tag}` }],
  order: 'newest',
  invalid: [
    { difficulty: 0 },
    { difficulty: 11 },
    { difficulty: 5.5 },
    { difficulty: '5' as unknown as number },
    { level: 'Expert' as TrickInput['level'] },
    { level: 'beginner' as TrickInput['level'] },
    { steps: [] },
    { steps: ['  ', ''] },
    { steps: Array.from({ length: 21 }, (_, i) => `Step ${i}`) },
    { tips: Array.from({ length: 11 }, (_, i) => `Tip ${i}`) },
    { name: '   ' },
    { description: '' },
  ],
  urlFields: ['videoUrl'],
  edit: { patch: { steps: ['Only step'], difficulty: 7 }, kept: ['tips', 'level', 'description'] },
  badEdits: [{ patch: { difficulty: 11 } }, { patch: { videoUrl: 'javascript:alert(1)' }, code: 'INVALID_URL' }],
  adminEdit: { level: 'Advanced' },
  ratingField: 'rating',
});

async function progression(userId: string, who: User | null = null): Promise<ProfileTrick[]> {
  const res = await call('GET', `/api/profiles/${userId}/tricks`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProfileTrick[];
}

describe('tricks: their own fields', () => {
  test('tips may be left out', async () => {
    const { tips: _tips, ...rest } = input();
    const res = await call('POST', `/api/disciplines/${DISCIPLINE}/tricks`, kit.admin, rest);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'approved', tips: [] });
  });

  test('accepts the difficulty limits 1 and 10', async () => {
    expect(await addTrick(kit.admin, { difficulty: 1, level: 'Beginner' })).toMatchObject({ difficulty: 1, level: 'Beginner' });
    expect(await addTrick(kit.admin, { difficulty: 10, level: 'Advanced' })).toMatchObject({ difficulty: 10, level: 'Advanced' });
  });

  test('the level filter keeps one level, with q; an unknown level is refused', async () => {
    const tag = token('level');
    const a = await addTrick(kit.admin, { name: `Ollie ${tag}`, level: 'Beginner', difficulty: 2 });
    await addTrick(kit.admin, { name: `Heelflip ${tag}`, level: 'Intermediate' });
    const c = await addTrick(kit.admin, { name: `Tre flip ${tag}`, level: 'Advanced', difficulty: 8 });
    expect((await list(null, `?q=${tag}&level=Beginner`)).items.map((x) => x.id)).toEqual([a.id]);
    expect((await list(null, `?q=${tag}&level=Advanced`)).items.map((x) => x.id)).toEqual([c.id]);
    expect((await call('GET', `/api/disciplines/${DISCIPLINE}/tricks?level=Expert`)).statusCode).toBe(400);
  });

  test('deleting a trick deletes the progress people had on it', async () => {
    const author = await user();
    const trick = await addTrick(author);
    expect((await call('PUT', `/api/tricks/${trick.id}/progress`, author, { state: 'learning' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/tricks/${trick.id}`, author)).statusCode).toBe(204);
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
        const parsed = trickInputSchema.safeParse({
          name: r.name,
          description: r.description,
          level: r.level,
          difficulty: r.difficulty,
          steps: r.steps,
          tips: r.tips,
          videoUrl: r.video_url ?? '',
        });
        expect(parsed.success, `${discipline} ${r.name}`).toBe(true);
        expect(r.steps.length).toBeGreaterThanOrEqual(3);
        expect(r.steps.length).toBeLessThanOrEqual(6);
      }
    }
  });
});
