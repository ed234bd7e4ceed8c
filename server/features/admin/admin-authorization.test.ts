import { beforeAll, describe, expect, test } from 'vitest';
import { contentTestKit, type User } from '../../test/content-kit.ts';
import { fingerprint as dbFingerprint } from '../../test/db-fingerprint.ts';
import { deadJob } from '../../test/dead-jobs.ts';
import { png } from '../../test/image-fixtures.ts';
import { fileUpload } from '../../test/multipart.ts';

/**
 * Every admin endpoint, whatever helper added it: the routes come from the OpenAPI document, and
 * each must have a case below. Anonymous → 401, a signed-in user → 403, and the database is
 * unchanged after both; the admin's identical request succeeds.
 */
const kit = contentTestKit('place');
const { call, token } = kit;
let rider: User;
beforeAll(async () => {
  rider = await kit.user('Regular Rider');
});

type Request = { url: string; body?: unknown; multipart?: boolean };
/** Builds the admin's valid request (creating what it needs first). */
type Case = () => Promise<Request>;

const db = () => kit.t.app.db;

async function newUser(): Promise<User> {
  return kit.user(`Target ${token('u')}`);
}

async function newPlace(): Promise<string> {
  const res = await call('POST', '/api/disciplines/surfing/places', rider, {
    name: `Spot ${token()}`,
    location: 'Hossegor, France',
    latitude: 43.66,
    longitude: -1.44,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function newTeam(): Promise<string> {
  const res = await call('POST', '/api/teams', kit.admin, { name: `Crew ${token()}`, disciplineIds: ['surfing'] });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function pendingApproval() {
  const placeId = await newPlace();
  const approval = await kit.approvalFor(placeId);
  return approval!;
}

async function newMessage(): Promise<string> {
  const row = await db()
    .insertInto('contact_messages')
    .values({ name: 'Una', email: 'una@example.com', subject: 'Hello', message: 'A question' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function newCategory(): Promise<string> {
  const id = `cat-${token('c')}`.toLowerCase();
  await db()
    .insertInto('categories')
    .values({ id, name: `Category ${id}`, names: '{}' })
    .execute();
  return id;
}

async function newDiscipline(): Promise<string> {
  const id = `disc-${token('d')}`.toLowerCase();
  await db()
    .insertInto('disciplines')
    .values({ id, name: `Discipline ${id}`, names: '{}' })
    .execute();
  return id;
}

const CASES: Record<string, Case> = {
  'GET /api/admin/overview': async () => ({ url: '/api/admin/overview' }),
  'GET /api/admin/approvals': async () => ({ url: '/api/admin/approvals' }),
  'POST /api/admin/approvals/{id}': async () => {
    const { id, version } = await pendingApproval();
    return { url: `/api/admin/approvals/${id}`, body: { decision: 'approved', version } };
  },

  'GET /api/admin/users': async () => ({ url: '/api/admin/users?q=rider&page=1' }),
  'POST /api/admin/users': async () => ({
    url: '/api/admin/users',
    body: { name: 'Made By Admin', email: `${token('m')}@example.com`, password: 'a fine password', role: 'user' },
  }),
  'GET /api/admin/users/{id}': async () => ({ url: `/api/admin/users/${(await newUser()).id}` }),
  'PATCH /api/admin/users/{id}': async () => ({ url: `/api/admin/users/${(await newUser()).id}`, body: { name: 'Renamed Rider', role: 'admin' } }),
  'DELETE /api/admin/users/{id}': async () => ({ url: `/api/admin/users/${(await newUser()).id}` }),

  'PUT /api/admin/settings/languages': async () => ({ url: '/api/admin/settings/languages', body: { enabledLanguages: ['en', 'fr'] } }),
  'POST /api/admin/settings/logo': async () => ({ url: '/api/admin/settings/logo', multipart: true }),
  'DELETE /api/admin/settings/logo': async () => ({ url: '/api/admin/settings/logo' }),
  'POST /api/admin/settings/background': async () => ({ url: '/api/admin/settings/background', multipart: true }),
  'DELETE /api/admin/settings/background': async () => ({ url: '/api/admin/settings/background' }),
  'GET /api/admin/messages': async () => ({ url: '/api/admin/messages?unread=true' }),
  'POST /api/admin/messages/{id}/read': async () => ({ url: `/api/admin/messages/${await newMessage()}/read`, body: { read: true } }),

  'GET /api/admin/content/{kind}': async () => ({ url: '/api/admin/content/teams?q=crew' }),
  'GET /api/admin/sessions': async () => ({ url: '/api/admin/sessions?page=1' }),
  'GET /api/admin/condition-reports': async () => ({ url: '/api/admin/condition-reports?page=1' }),
  'GET /api/admin/teams/{id}': async () => ({ url: `/api/admin/teams/${await newTeam()}` }),
  'POST /api/admin/teams': async () => ({
    url: '/api/admin/teams',
    body: { name: `Crew ${token()}`, leaderId: rider.id, memberIds: [rider.id], disciplineIds: ['surfing'] },
  }),
  'PUT /api/admin/teams/{id}': async () => ({
    url: `/api/admin/teams/${await newTeam()}`,
    body: { name: `Crew ${token()}`, leaderId: rider.id, memberIds: [], disciplineIds: [] },
  }),

  'GET /api/admin/disciplines': async () => ({ url: '/api/admin/disciplines' }),
  'GET /api/admin/disciplines/{id}': async () => ({ url: `/api/admin/disciplines/${await newDiscipline()}` }),
  'POST /api/admin/disciplines': async () => ({
    url: '/api/admin/disciplines',
    body: { id: `new-${token('d')}`.toLowerCase(), name: 'Kite Loops', icon: '🪁', categoryIds: ['water'] },
  }),
  'PUT /api/admin/disciplines/{id}': async () => ({ url: `/api/admin/disciplines/${await newDiscipline()}`, body: { name: 'Renamed', categoryIds: ['sky'] } }),
  'DELETE /api/admin/disciplines/{id}': async () => ({ url: `/api/admin/disciplines/${await newDiscipline()}` }),
  'GET /api/admin/categories': async () => ({ url: '/api/admin/categories' }),
  'GET /api/admin/categories/{id}': async () => ({ url: `/api/admin/categories/${await newCategory()}` }),
  'POST /api/admin/categories': async () => ({ url: '/api/admin/categories', body: { id: `new-${token('c')}`.toLowerCase(), name: 'Ice', icon: '🧊' } }),
  'PUT /api/admin/categories/{id}': async () => ({ url: `/api/admin/categories/${await newCategory()}`, body: { name: 'Renamed' } }),
  'DELETE /api/admin/categories/{id}': async () => ({ url: `/api/admin/categories/${await newCategory()}` }),

  'GET /api/admin/jobs': async () => ({ url: '/api/admin/jobs' }),
  'POST /api/admin/jobs/{id}/retry': async () => ({ url: `/api/admin/jobs/${await deadJob(kit.t.app)}/retry` }),
  'DELETE /api/admin/jobs/{id}': async () => ({ url: `/api/admin/jobs/${await deadJob(kit.t.app)}` }),
};

/** "METHOD /path/{param}" of every route under /api/admin, from the API's OpenAPI document. */
async function adminRoutes(): Promise<string[]> {
  const res = await call('GET', '/api/docs', null);
  const paths = (res.json() as { paths: Record<string, Record<string, unknown>> }).paths;
  return Object.entries(paths)
    .filter(([path]) => path.startsWith('/api/admin/') || path === '/api/admin')
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

const fingerprint = () => dbFingerprint(db());

function send(method: string, request: Request, who: User | null) {
  if (!request.multipart) return call(method as 'GET', request.url, who, request.body);
  return png(64, 64).then((data) => {
    const upload = fileUpload(data);
    return kit.t.app.inject({
      method: method as 'POST',
      url: request.url,
      payload: upload.payload,
      headers: { ...upload.headers, origin: 'http://localhost:3000', ...(who ? { cookie: who.cookie } : {}) },
    });
  });
}

describe('admin authorization, endpoint by endpoint', () => {
  test('every admin route has a case here (and every case is a route)', async () => {
    expect(Object.keys(CASES).sort()).toEqual(await adminRoutes());
  });

  test('the guard answers before anything of the request is read: a malformed id and no body still get 401 and 403', async () => {
    for (const route of await adminRoutes()) {
      const [method, path] = route.split(' ') as [string, string];
      // Neither a UUID nor a slug: validated first, these would be 400s that describe the input.
      const url = path.replace(/\{\w+\}/g, 'Not%20an%20id!');
      for (const [who, status, code] of [
        [null, 401, 'UNAUTHORIZED'],
        [rider, 403, 'FORBIDDEN'],
      ] as const) {
        const res = await call(method as 'GET', url, who);
        expect({ route, status: res.statusCode, code: res.json().code }).toEqual({ route, status, code });
      }
    }
  });

  test.each(Object.keys(CASES))('%s: anonymous 401, user 403, nothing written; admin 2xx', async (route) => {
    const [method, path] = route.split(' ') as [string, string];
    const request = await CASES[route]!();
    expect(request.url.startsWith(path.split('{')[0]!), `${route} builds a URL of its route`).toBe(true);

    const before = await fingerprint();
    const anonymous = await send(method, request, null);
    expect({ status: anonymous.statusCode, code: anonymous.json().code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    const user = await send(method, request, rider);
    expect({ status: user.statusCode, code: user.json().code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await fingerprint()).toEqual(before);

    const admin = await send(method, request, kit.admin);
    expect(admin.statusCode, `${route}: ${admin.body}`).toBeGreaterThanOrEqual(200);
    expect(admin.statusCode, `${route}: ${admin.body}`).toBeLessThan(300);
  });
});
