import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { contentTestKit, ORIGIN, type User } from '../test/content-kit.ts';
import { CONTENT, DISCIPLINE, insertContent, insertTeam, IS_STREAM, openApi, routesOf, type OpenApi } from '../security/catalogue.ts';

/**
 * Property-based fuzzing of every route of the OpenAPI document (and better-auth's own routes):
 * malformed path parameters, query strings and bodies, as a visitor, a signed-in user and an admin.
 * Whatever is sent, the answer is never a 5xx. FUZZ_RUNS raises the number of cases per route.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const kit = contentTestKit('place');
const db = () => kit.t.app.db;
let doc: OpenApi;
let user: User;
/** Real ids, so that some cases get past "not found" into the handlers. */
const known: Record<string, string[]> = {};

/** better-auth's endpoints are not in the OpenAPI document; these take input from anyone. */
const AUTH_ROUTES = [
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-up/email',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  'POST /api/auth/change-password',
  'POST /api/auth/update-user',
  'POST /api/auth/confirm-email',
  'GET /api/auth/get-session',
];

/** Routes that take a file: they get broken multipart bodies as well as JSON. */
const UPLOAD = /\/(avatar|banner|logo|background)$/;

beforeAll(async () => {
  user = await kit.user();
  doc = await openApi(kit);
  const team = await insertTeam(db(), user);
  const request = await db().insertInto('team_join_requests').values({ team_id: team, user_id: kit.admin.id }).returning('id').executeTakeFirstOrThrow();
  const items: string[] = [];
  for (const spec of CONTENT) items.push(await insertContent(db(), spec, user, `Fuzz ${spec.type}`));
  const comment = await db()
    .insertInto('comments')
    .values({ item_type: 'place', item_id: items[0]!, author_id: user.id, body: 'Fuzz' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [a, b] = [user.id, kit.admin.id].sort() as [string, string];
  const conversation = await db().insertInto('conversations').values({ user_a: a, user_b: b }).returning('id').executeTakeFirstOrThrow();
  const notification = await db()
    .insertInto('notifications')
    .values({ user_id: user.id, type: 'follower', actor_id: kit.admin.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  known.id = [DISCIPLINE, team, user.id, kit.admin.id, comment.id, conversation.id, String(notification.id), 'water', ...items];
  known.requestId = [request.id];
  known.userId = [user.id, kit.admin.id];
  known.type = CONTENT.map((c) => c.type);
  known.kind = CONTENT.map((c) => c.section);
});

// ——— arbitraries ———

const nasty = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  '9999999999999999999999',
  '2147483648',
  '-2147483649',
  '1.5',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  "' or 1=1 --",
  '%00',
  '\u0000',
  '\uD800',
  '../../etc/passwd',
  '<script>',
  'a'.repeat(300),
  'é'.repeat(5000),
  '2026-13-45',
  '2026-02-30T25:61:00Z',
  '-infinity',
  '9999-12-31T23:59:59Z',
  '0001-01-01',
  '\u202e\u200b',
);

const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.integer().map(String), fc.double().map(String));

const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  fc.jsonValue({ maxDepth: 3 }),
  nasty,
  fc.integer({ min: -(2 ** 53), max: 2 ** 53 }),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 1e308, -1e308, 0.1, -0, Number.MAX_SAFE_INTEGER + 2),
  fc.constantFrom(null, true, false, [], {}, [null], { __proto__: { admin: true } }, { constructor: { prototype: {} } }),
  fc.array(nasty, { maxLength: 3 }),
  fc.constant('x'.repeat(70_000)),
);

/** URL-encoded; a lone surrogate has no UTF-8 form and becomes U+FFFD, as a browser would send it. */
const encode = (v: string) => encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
/** Percent-encodings that decode to nothing valid, sent as they are. */
const badEncoding = fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '%FF', '%00');

/** Path segments: a real id sometimes, nonsense otherwise (URL-encoded so that the route matches). */
const segment = (name: string) =>
  fc.oneof({ weight: 4, arbitrary: fc.oneof(fc.constantFrom(...(known[name] ?? known.id!)), text).map(encode) }, { weight: 1, arbitrary: badEncoding });

/** A body built from the route's own fields, each replaced (or not) by something malformed. */
function bodyOf(route: string): fc.Arbitrary<unknown> {
  const [method, path] = route.split(' ') as [string, string];
  const schema = doc.paths[path]?.[method.toLowerCase()]?.requestBody?.content['application/json']?.schema;
  const fields = Object.keys(schema?.properties ?? {});
  const shaped = fields.length
    ? fc.record(Object.fromEntries(fields.map((f) => [f, jsonish])), { requiredKeys: [] })
    : fc.dictionary(fc.string({ maxLength: 10 }), jsonish, { maxKeys: 4 });
  return fc.oneof(shaped, jsonish);
}

type Case = { who: 'anonymous' | 'user' | 'admin'; url: string; payload?: string | Buffer; contentType?: string };

/** Raw bodies that are not what they claim to be. */
const rawBody = fc.oneof(
  fc.constantFrom(
    { payload: '{"a":', contentType: 'application/json' },
    { payload: '', contentType: 'application/json' },
    { payload: 'null', contentType: 'application/json' },
    { payload: '{"__proto__":{"role":"admin"}}', contentType: 'application/json' },
    { payload: '\u0000\uFFFF', contentType: 'application/json; charset=utf-16' },
    {
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nnot an image\r\n--x--\r\n',
      contentType: 'multipart/form-data; boundary=x',
    },
    { payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\n', contentType: 'multipart/form-data; boundary=x' },
    { payload: 'garbage', contentType: 'multipart/form-data' },
    { payload: 'garbage', contentType: 'multipart/form-data; boundary=' },
    { payload: '\x89PNG\r\n\x1a\n', contentType: 'multipart/form-data; boundary=y' },
  ),
  fc.string({ unit: 'binary', maxLength: 200 }).map((payload) => ({ payload, contentType: 'application/json' })),
);

function caseOf(route: string): fc.Arbitrary<Case> {
  const [method, path] = route.split(' ') as [string, string];
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const operation = doc.paths[path]?.[method.toLowerCase()];
  const queryNames = (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const isAuth = path.startsWith('/api/auth/');
  const queryKeys = [...queryNames, ...(isAuth ? ['token', 'callbackURL'] : []), 'x', 'limit[]', '__proto__'];
  const query = fc.array(
    fc.tuple(fc.constantFrom(...queryKeys).map(encode), fc.oneof({ weight: 5, arbitrary: text.map(encode) }, { weight: 1, arbitrary: badEncoding })),
    { maxLength: 5 },
  );
  const hasBody = method !== 'GET' && method !== 'DELETE';
  const jsonBody = bodyOf(route).map((value) => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' }));
  const body: fc.Arbitrary<{ payload?: string; contentType?: string }> = hasBody
    ? UPLOAD.test(path)
      ? fc.oneof(rawBody, jsonBody)
      : fc.oneof({ weight: 4, arbitrary: jsonBody }, { weight: 1, arbitrary: rawBody })
    : fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: rawBody });
  return fc
    .record({
      who: fc.constantFrom('anonymous' as const, 'user' as const, 'admin' as const),
      params: fc.tuple(...names.map(segment)),
      query,
      body,
    })
    .map(({ who, params, query, body }) => {
      let url = path;
      names.forEach((name, i) => (url = url.replace(`{${name}}`, params[i] ?? '')));
      const search = query.map(([k, v]) => `${k}=${v}`).join('&');
      return { who, url: search ? `${url}?${search}` : url, ...body };
    });
}

async function send(method: string, c: Case) {
  const who = c.who === 'admin' ? kit.admin : c.who === 'user' ? user : null;
  const headers: Record<string, string> = { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) };
  if (c.contentType) headers['content-type'] = c.contentType;
  return kit.t.app.inject({ method: method as InjectOptions['method'], url: c.url, headers, ...(c.payload !== undefined ? { payload: c.payload } : {}) });
}

/** A case may sign the user out or delete them: they come back for the next route. */
async function keepUsersSignedIn() {
  const me = await kit.call('GET', '/api/me', user);
  if (me.statusCode !== 200 || !me.json()?.user) user = await kit.user();
  const adminMe = await kit.call('GET', '/api/me', kit.admin);
  if (adminMe.statusCode !== 200 || adminMe.json()?.user?.role !== 'admin') {
    const admin = await kit.user('Fuzz Admin');
    await db().updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    Object.assign(kit.admin, admin);
  }
}

function fuzzedRoutes(): string[] {
  return [...routesOf(doc).filter((r) => !IS_STREAM(r.split(' ')[1]!)), ...AUTH_ROUTES];
}

describe('fuzzing every route: never a 5xx', () => {
  test('the OpenAPI document lists the routes', () => {
    expect(fuzzedRoutes().length).toBeGreaterThan(100);
  });

  test(
    'every route, malformed params, queries and bodies, three roles',
    async () => {
      const failures: string[] = [];
      for (const route of fuzzedRoutes()) {
        const method = route.split(' ')[0]!;
        const result = await fc.check(
          fc.asyncProperty(caseOf(route), async (c) => {
            const res = await send(method, c);
            return res.statusCode < 500;
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
        if (result.failed) {
          const c = result.counterexample![0];
          const res = await send(method, c);
          failures.push(
            `${route} as ${c.who}: ${c.url} ${c.contentType ?? ''} ${String(c.payload ?? '').slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)} (seed ${result.seed})`,
          );
        }
        await keepUsersSignedIn();
      }
      expect(failures).toEqual([]);
    },
    30_000 + RUNS * 5_000,
  );
});
