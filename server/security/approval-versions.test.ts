import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Approval } from '../../common/approvals.ts';
import { contentTestKit, type User } from '../test/content-kit.ts';
import { fileUpload } from '../test/multipart.ts';
import { CONTENT, DISCIPLINE, insertContent } from './catalogue.ts';

/**
 * Issue 37, hole 2: an approval decides the version the admin saw. An edit made after the admin
 * opened the queue (of an approved item's pending revision, or of a new item still pending) makes that
 * approval stale: it answers 409 APPROVAL_STALE with the new version, and publishes nothing.
 */
const kit = contentTestKit('place');
const { call, token, queued } = kit;
let author: User;
beforeAll(async () => {
  author = await kit.user('Author Rider');
});

const decide = (approval: Approval, decision: 'approved' | 'rejected', version: { version?: unknown } = { version: approval.version }) =>
  call('POST', `/api/admin/approvals/${approval.id}`, kit.admin, { decision, ...version });

function expectStale(res: Awaited<ReturnType<typeof decide>>, seen: Approval) {
  expect(res.statusCode, res.body).toBe(409);
  const body = res.json();
  expect(body).toMatchObject({ code: 'APPROVAL_STALE', message: expect.any(String), current: { id: seen.id, itemId: seen.itemId } });
  expect(body.current.version).not.toBe(seen.version);
  return body.current as Approval;
}

describe.each(CONTENT)('$section', (spec) => {
  const url = (id: string) => `/api/${spec.section}/${id}`;
  const publicName = async (id: string) => (await call('GET', url(id), null)).json()[spec.nameField];

  test('an edit of an approved item made after the admin opened its revision: the approval publishes nothing and shows the new version', async () => {
    const old = token('old');
    const id = await insertContent(kit.t.app.db, spec, author, old);
    expect((await call('PATCH', url(id), author, { [spec.nameField]: `Benign ${token()}` })).statusCode).toBe(200);
    const seen = await queued(id);

    const evil = `EVIL ${token()}`;
    expect((await call('PATCH', url(id), author, { [spec.nameField]: evil })).statusCode).toBe(200);
    const current = expectStale(await decide(seen, 'approved'), seen);
    expect(current.changes).toEqual([{ field: spec.nameField, before: old, after: evil }]);
    expect(await publicName(id)).toBe(old);
    expectStale(await decide(seen, 'rejected'), seen);

    // The admin reviews the new version, and that decision stands.
    const fresh = await queued(id);
    expect(fresh.version).toBe(current.version);
    expect((await decide(fresh, 'approved')).statusCode).toBe(200);
    expect(await publicName(id)).toBe(evil);
  });

  test('a new item edited after the admin looked at it: the approval publishes nothing', async () => {
    const created = await call('POST', `/api/disciplines/${DISCIPLINE}/${spec.section}`, author, spec.input(`Benign ${token()}`));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const seen = await queued(id);

    // Not the name (which the queue also shows): any field the admin would have read.
    const field =
      spec.section === 'places'
        ? { location: 'EVIL location' }
        : spec.section === 'reviews' || spec.section === 'articles'
          ? { content: 'EVIL words' }
          : { description: 'EVIL words' };
    expect((await call('PATCH', url(id), author, field)).statusCode).toBe(200);
    expectStale(await decide(seen, 'approved'), seen);
    expect((await call('GET', url(id), null)).statusCode).toBe(404);

    const fresh = await queued(id);
    expect((await decide(fresh, 'approved')).statusCode).toBe(200);
    expect((await call('GET', url(id), null)).statusCode).toBe(200);
  });
});

test('a new team edited after the admin looked at it: the approval leaves it pending', async () => {
  const created = await call('POST', '/api/teams', author, { name: `Benign ${token()}`, disciplineIds: [DISCIPLINE] });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const seen = await queued(id);
  expect((await call('PATCH', `/api/teams/${id}`, author, { description: 'EVIL words' })).statusCode).toBe(200);
  expectStale(await decide(seen, 'approved'), seen);
  expect((await kit.t.app.db.selectFrom('teams').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('pending');
  expect((await decide(await queued(id), 'approved')).statusCode).toBe(200);
});

test('a decision that names no version (an older client) is refused and changes nothing', async () => {
  const id = await insertContent(kit.t.app.db, CONTENT[0]!, author, token('old'));
  await call('PATCH', `/api/places/${id}`, author, { name: token('new') });
  const seen = await queued(id);
  for (const version of [{}, { version: 'latest' }, { version: 0 }, { version: null }]) {
    const res = await decide(seen, 'approved', version);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('APPROVAL_VERSION_REQUIRED');
  }
  expect((await queued(id)).status).toBe('pending');
});

test('an approval racing an edit publishes only what the admin saw: the edit is refused the approval, or waits as a revision', async () => {
  const spec = CONTENT[0]!;
  for (let round = 0; round < 5; round += 1) {
    const benign = `Benign ${token()}`;
    const created = await call('POST', `/api/disciplines/${DISCIPLINE}/places`, author, spec.input(benign));
    const id = created.json().id as string;
    const seen = await queued(id);
    const evil = `EVIL ${token()}`;
    const [edit, decision] = await Promise.all([call('PATCH', `/api/places/${id}`, author, { name: evil }), decide(seen, 'approved')]);
    expect(edit.statusCode, edit.body).toBe(200);
    const shown = await call('GET', `/api/places/${id}`, null);
    if (decision.statusCode === 200) {
      expect(shown.json().name).toBe(benign);
      expect((await call('GET', `/api/places/${id}`, author)).json().pendingRevision.changes).toEqual({ name: evil });
    } else {
      expectStale(decision, seen);
      expect(shown.statusCode).toBe(404);
    }
  }
});

test('two admins deciding one revision at once in the same version: exactly one decision is made (checklist 15)', async () => {
  const second = await kit.user('Second Admin');
  await kit.t.app.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', second.id).execute();
  const old = token('old');
  const id = await insertContent(kit.t.app.db, CONTENT[0]!, author, old);
  const proposed = token('new');
  await call('PATCH', `/api/places/${id}`, author, { name: proposed });
  const seen = await queued(id);
  const [a, b] = await Promise.all([
    decide(seen, 'rejected'),
    call('POST', `/api/admin/approvals/${seen.id}`, second, { decision: 'approved', version: seen.version }),
  ]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('CONFLICT');
  const winner = [a, b].find((r) => r.statusCode === 200)!.json().status;
  expect((await call('GET', `/api/places/${id}`, null)).json().name).toBe(winner === 'approved' ? proposed : old);
  expect(await kit.t.app.db.selectFrom('pending_revisions').select('status').where('item_id', '=', id).execute()).toEqual([{ status: winner }]);
});

test("a new series waits as its first date: an edit of a later date alone makes the admin's approval stale too", async () => {
  const tag = token('series');
  const start = new Date(Date.now() + 20 * 86_400_000);
  const created = await call('POST', `/api/disciplines/${DISCIPLINE}/events`, author, {
    ...CONTENT[1]!.input(`Benign ${tag}`),
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 7_200_000).toISOString(),
    repeat: { frequency: 'weekly', count: 3, timeZone: 'Europe/Paris' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const first = created.json().id as string;
  const seen = await queued(first);
  const dates = await kit.t.app.db
    .selectFrom('events')
    .select('id')
    .where('series_id', '=', (eb) => eb.selectFrom('events as e').select('e.series_id').where('e.id', '=', first))
    .orderBy('series_index')
    .execute();
  expect(dates).toHaveLength(3);
  expect((await call('PATCH', `/api/events/${dates[2]!.id}`, author, { description: 'EVIL words', applyTo: 'one' })).statusCode).toBe(200);
  expectStale(await decide(seen, 'approved'), seen);
  expect((await kit.t.app.db.selectFrom('events').select('status').where('id', '=', dates[2]!.id).executeTakeFirstOrThrow()).status).toBe('pending');
});

test('a photo added, described or deleted on a new item after the admin looked makes the approval stale: a gallery they never saw is not published', async () => {
  const created = await call('POST', `/api/disciplines/${DISCIPLINE}/places`, author, {
    name: `Benign ${token()}`,
    location: 'Cove',
    latitude: 43.48,
    longitude: -1.56,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 10, b: 10 } } })
    .png()
    .toBuffer();
  const upload = () => {
    const body = fileUpload(picture);
    return kit.t.app.inject({
      method: 'POST',
      url: `/api/photos/place/${id}`,
      headers: { origin: kit.t.config.publicUrl, cookie: author.cookie, ...body.headers },
      payload: body.payload,
    });
  };

  let seen = await queued(id);
  const added = await upload();
  expect(added.statusCode, added.body).toBeLessThan(300);
  expectStale(await decide(seen, 'approved'), seen);

  seen = await queued(id);
  const [photo] = (await call('GET', `/api/places/${id}`, author)).json().photos as { id: string }[];
  expect((await call('PATCH', `/api/photos/${photo!.id}`, author, { alt: 'EVIL words' })).statusCode).toBe(200);
  expectStale(await decide(seen, 'approved'), seen);

  seen = await queued(id);
  expect((await call('DELETE', `/api/photos/${photo!.id}`, author)).statusCode).toBe(204);
  expectStale(await decide(seen, 'approved'), seen);
  expect((await call('GET', `/api/places/${id}`, null)).statusCode).toBe(404);
});
