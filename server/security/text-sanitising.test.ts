import { describe, expect, test } from 'vitest';
import { contentTestKit } from '../test/content-kit.ts';
import { cookieOf, uniqueEmail } from '../test/test-app.ts';
import { CONTENT, DISCIPLINE, insertContent, insertTeam } from './catalogue.ts';

/**
 * Names (of people, teams and content) lose bidi overrides, isolates and marks and zero-width
 * characters, whichever route stores them: what is stored and answered is the visible text.
 */
const kit = contentTestKit('place');
const { call, token } = kit;
const db = () => kit.t.app.db;

const HIDDEN = [
  '\u202e',
  '\u202d',
  '\u202a',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
];

/** `visible` with every hidden character in front and one after each of its letters, and the visible text. */
function spoofed(visible: string): { sent: string; clean: string } {
  const sent = [...visible].map((ch, i) => `${ch}${HIDDEN[i % HIDDEN.length]}`).join('');
  return { sent: `${HIDDEN.join('')}${sent}\u202c`, clean: visible };
}

const expectClean = (stored: string, clean: string) => {
  expect(stored).toBe(clean);
  expect(stored).not.toMatch(/[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/);
};

describe('people', () => {
  test('the name given at sign-up', async () => {
    const { sent, clean } = spoofed(`Signup Rider ${token('n')}`);
    const email = uniqueEmail('bidi');
    const res = await kit.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { name: sent, email, password: 'correct horse battery' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await db().selectFrom('profiles').select('name').where('email', '=', email).executeTakeFirstOrThrow();
    expectClean(row.name, clean);
    expect(cookieOf(res)).toBe('');
  });

  test('PATCH /api/profile name', async () => {
    const rider = await kit.user();
    const { sent, clean } = spoofed(`Profile Rider ${token('n')}`);
    const res = await call('PATCH', '/api/profile', rider, { name: sent });
    expect(res.statusCode, res.body).toBe(200);
    expectClean((res.json() as { name: string }).name, clean);
    expectClean((await db().selectFrom('profiles').select('name').where('id', '=', rider.id).executeTakeFirstOrThrow()).name, clean);
    const page = await call('GET', `/api/profiles/${rider.id}`, null);
    expectClean((page.json() as { name: string }).name, clean);
  });

  test('a name of hidden characters only is refused as empty, nothing stored', async () => {
    const rider = await kit.user();
    const res = await call('PATCH', '/api/profile', rider, { name: HIDDEN.join('') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'REQUIRED' });
    expect((await db().selectFrom('profiles').select('name').where('id', '=', rider.id).executeTakeFirstOrThrow()).name).toBe(rider.name);
  });
});

describe('teams', () => {
  test('POST and PATCH /api/teams name', async () => {
    const leader = await kit.user();
    const created = spoofed(`Crew ${token('t')}`);
    const res = await call('POST', '/api/teams', leader, { name: created.sent, disciplineIds: [DISCIPLINE] });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { id: string; name: string }).id;
    expectClean((res.json() as { name: string }).name, created.clean);
    expectClean((await db().selectFrom('teams').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name, created.clean);

    const teamId = await insertTeam(db(), leader);
    const renamed = spoofed(`Renamed Crew ${token('t')}`);
    // An admin's edit applies at once; a leader's waits as a revision of the same sanitised values.
    const patch = await call('PATCH', `/api/teams/${teamId}`, kit.admin, { name: renamed.sent });
    expect(patch.statusCode, patch.body).toBe(200);
    expectClean((await db().selectFrom('teams').select('name').where('id', '=', teamId).executeTakeFirstOrThrow()).name, renamed.clean);
  });
});

describe.each(CONTENT)('$section', (spec) => {
  test(`POST and PATCH ${spec.nameField}`, async () => {
    const author = await kit.user();
    const created = spoofed(`Item ${token('c')}`);
    const res = await call('POST', `/api/disciplines/${DISCIPLINE}/${spec.section}`, author, spec.input(created.sent));
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json() as Record<string, string>;
    expectClean(item[spec.nameField]!, created.clean);
    const row = await db()
      .selectFrom(spec.section)
      .select(spec.nameColumn as 'name')
      .where('id', '=', item.id!)
      .executeTakeFirstOrThrow();
    expectClean((row as Record<string, string>)[spec.nameColumn]!, created.clean);

    const id = await insertContent(db(), spec, author, `Item ${token('c')}`);
    const renamed = spoofed(`Renamed ${token('c')}`);
    // An admin's edit applies at once; an author's waits as a revision of the same sanitised values.
    const patch = await call('PATCH', `/api/${spec.section}/${id}`, kit.admin, { [spec.nameField]: renamed.sent });
    expect(patch.statusCode, patch.body).toBe(200);
    const after = await db()
      .selectFrom(spec.section)
      .select(spec.nameColumn as 'name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expectClean((after as Record<string, string>)[spec.nameColumn]!, renamed.clean);
  });
});

describe('comments', () => {
  test('a comment keeps its line breaks but loses hidden characters', async () => {
    const rider = await kit.user();
    const placeId = await insertContent(db(), CONTENT[0]!, kit.admin, `Spot ${token()}`);
    const res = await call('POST', `/api/content/place/${placeId}/comments`, rider, { body: 'Nice\u202e spot\u200b\nSee you\ufeff there' });
    expect(res.statusCode, res.body).toBe(201);
    const row = await db().selectFrom('comments').select('body').where('item_id', '=', placeId).executeTakeFirstOrThrow();
    expect(row.body).toBe('Nice spot\nSee you there');
  });
});
