import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONTENT_TABLES } from './lib/content.ts';
import type { CachePolicy } from './lib/http-cache.ts';
import { createTestApp, RELAXED_LIMITS, signUpVerified, type TestApp } from './test/test-app.ts';

/**
 * Every GET route of the OpenAPI document, as a visitor, as a member and as an admin: the
 * Cache-Control it really sends must be what its declaration (`config.cache`, documented as
 * `x-cache`) says. A visitor gets a public answer only where the route says public; a signed-in
 * person never does; no-store holds for everyone. Path parameters take the ids of the sample
 * content, so most answers are real ones; a 404 or a 403 must carry the same header anyway.
 */
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const PUBLIC = 'public, max-age=0, must-revalidate';
const PRIVATE = 'private, no-cache';

type User = Awaited<ReturnType<typeof signUpVerified>>;
type Operation = { 'x-cache'?: CachePolicy; 'x-cache-max-age'?: number };
type Read = { path: string; policy: CachePolicy; maxAge?: number };

let t: TestApp;
let member: User;
let admin: User;
let reads: Read[];
/** A value for each path parameter, found by the segment before it (`teams/{id}`) or by its own name. */
const values: Record<string, string> = { 'content/{type}': 'place', 'content/{kind}': 'places' };

async function firstId(table: 'categories' | (typeof CONTENT_TABLES)[keyof typeof CONTENT_TABLES]): Promise<string> {
  const row = await t.app.db.selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The samples have no team: the member makes one, approved as an admin would. */
async function approvedTeam(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/teams',
    headers: { cookie: member.cookie, origin: t.config.publicUrl },
    payload: { name: 'Policy Crew', disciplineIds: ['surfing'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json() as { id: string };
  await t.app.db.updateTable('teams').set({ status: 'approved' }).where('id', '=', id).execute();
  return id;
}

function urlOf(path: string): string {
  let url = path;
  for (let match = /\/([\w-]+)\/\{(\w+)\}/.exec(url); match; match = /\/([\w-]+)\/\{(\w+)\}/.exec(url)) {
    const [whole, segment = '', param = ''] = match;
    url = url.replace(whole, `/${segment}/${values[`${segment}/{${param}}`] ?? values[segment] ?? MISSING_ID}`);
  }
  return url;
}

/** What a read declared `policy` must send to this caller. */
function expected(read: Read, signedIn: boolean): string {
  if (read.policy === 'no-store') return 'no-store';
  if (read.policy === 'private' || signedIn) return PRIVATE;
  return read.maxAge === undefined ? PUBLIC : `public, max-age=${read.maxAge}`;
}

const get = (url: string, who: User | null): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

beforeAll(async () => {
  // The in-process cache on, so that a visitor's second read comes from it and is checked too.
  t = await createTestApp({ ...RELAXED_LIMITS, sampleContent: true, httpCacheSeconds: 60 });
  member = await signUpVerified(t, { name: 'Policy Member' });
  admin = await signUpVerified(t, { name: 'Policy Admin' });
  await t.app.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.id).execute();

  const place = await firstId('places');
  Object.assign(values, {
    disciplines: (await t.app.db.selectFrom('places').select('discipline_id').where('id', '=', place).executeTakeFirstOrThrow()).discipline_id,
    categories: await firstId('categories'),
    teams: await approvedTeam(),
    profiles: member.id,
    users: member.id,
  });
  for (const [type, table] of Object.entries(CONTENT_TABLES)) {
    values[table] = values[type] = await firstId(table);
  }

  const doc = (await get('/api/docs', null)).json() as { paths: Record<string, Record<string, Operation>> };
  reads = Object.entries(doc.paths).flatMap(([path, operations]) => {
    const operation = operations.get;
    return operation ? [{ path, policy: operation['x-cache'] ?? 'private', maxAge: operation['x-cache-max-age'] }] : [];
  });
});
afterAll(() => t?.close());

describe('the cache policy each route declares is the one it sends', () => {
  test('the document declares a policy for every read, and a few reads are public', () => {
    expect(reads.length).toBeGreaterThan(40);
    const undeclared = reads.filter((read) => !['public', 'private', 'no-store', 'stream'].includes(read.policy));
    expect(undeclared).toEqual([]);
    // The stream is the one answer the hook leaves alone; reading it here would never end.
    expect(reads.filter((read) => read.policy === 'stream').map((read) => read.path)).toEqual(['/api/live']);
    expect(reads.filter((read) => read.policy === 'public').length).toBeGreaterThan(15);
  });

  test('every GET route, as a visitor, a member and an admin', async () => {
    const wrong: string[] = [];
    let answered = 0;
    for (const read of reads.filter((r) => r.policy !== 'stream')) {
      const url = urlOf(read.path);
      expect(url, 'every path parameter is filled').not.toMatch(/[{}]/);
      const callers: [string, User | null][] = [
        ['visitor', null],
        ['visitor again', null],
        ['member', member],
        ['admin', admin],
      ];
      for (const [label, who] of callers) {
        const res = await get(url, who);
        if (res.statusCode === 200) answered += 1;
        const want = expected(read, who !== null);
        if (res.headers['cache-control'] !== want)
          wrong.push(`${read.path} as ${label} (${res.statusCode}): ${res.headers['cache-control']} instead of ${want}`);
      }
    }
    expect(wrong).toEqual([]);
    // Real answers for the most part, not only refusals.
    expect(answered).toBeGreaterThan(reads.length * 2);
  });

  test('session data is never stored, on the routes the document hides too', async () => {
    for (const who of [null, member]) {
      expect((await get('/api/me', who)).headers['cache-control']).toBe('no-store');
      expect((await get('/api/auth/get-session', who)).headers['cache-control']).toBe('no-store');
    }
  });
});
