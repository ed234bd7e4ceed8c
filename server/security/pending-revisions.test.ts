import { beforeAll, describe, expect, test } from 'vitest';
import type { Approval } from '../../common/approvals.ts';
import { contentTestKit, ORIGIN, type User } from '../test/content-kit.ts';
import { png } from '../test/image-fixtures.ts';
import { fileUpload } from '../test/multipart.ts';
import { CONTENT, insertContent, insertTeam } from './catalogue.ts';

/**
 * Checklist 37: a non-admin's edit of approved content (the six sections and teams) waits for an
 * admin as a pending revision; the approved version stays public meanwhile.
 */
const kit = contentTestKit('place');
const { call, token } = kit;
let author: User;
let stranger: User;
beforeAll(async () => {
  author = await kit.user('Author Rider');
  stranger = await kit.user('Stranger Rider');
});

async function revisionFor(itemId: string): Promise<Approval | undefined> {
  const res = await call('GET', '/api/admin/approvals', kit.admin);
  expect(res.statusCode).toBe(200);
  return (res.json() as Approval[]).find((a) => a.itemId === itemId && a.changes);
}

async function decide(itemId: string, decision: 'approved' | 'rejected') {
  const revision = await revisionFor(itemId);
  expect(revision, `a revision of ${itemId} waits`).toBeDefined();
  const res = await call('POST', `/api/admin/approvals/${revision!.id}`, kit.admin, { decision, version: revision!.version });
  expect(res.statusCode, res.body).toBe(200);
}

describe.each(CONTENT)('$section', (spec) => {
  const url = (id: string) => `/api/${spec.section}/${id}`;
  const nameAs = async (id: string, who: User | null) => (await call('GET', url(id), who)).json()[spec.nameField];

  test("the author's edit of an approved item waits; the public, strangers and the list still see the approved version", async () => {
    const old = token('old');
    const id = await insertContent(kit.t.app.db, spec, author, old);
    const proposed = token('new');
    const res = await call('PATCH', url(id), author, { [spec.nameField]: proposed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ [spec.nameField]: old, pendingRevision: { changes: { [spec.nameField]: proposed } } });

    expect(await nameAs(id, null)).toBe(old);
    const asStranger = (await call('GET', url(id), stranger)).json();
    expect(asStranger[spec.nameField]).toBe(old);
    expect(asStranger.pendingRevision).toBeUndefined();
    const list = (await call('GET', `/api/disciplines/surfing/${spec.section}?q=${proposed}`, null)).json();
    expect(list.items).toEqual([]);
    expect((await call('GET', url(id), author)).json().pendingRevision.changes).toEqual({ [spec.nameField]: proposed });

    const revision = await revisionFor(id);
    expect(revision).toMatchObject({
      itemType: spec.type,
      itemName: old,
      submittedBy: { id: author.id },
      changes: [{ field: spec.nameField, before: old, after: proposed }],
    });
  });

  test('approving applies the revision; rejecting leaves the item as it was', async () => {
    const old = token('old');
    const id = await insertContent(kit.t.app.db, spec, author, old);
    const rejected = token('nope');
    await call('PATCH', url(id), author, { [spec.nameField]: rejected });
    await decide(id, 'rejected');
    expect(await nameAs(id, null)).toBe(old);
    expect((await call('GET', url(id), author)).json().pendingRevision).toBeUndefined();

    const approved = token('yes');
    await call('PATCH', url(id), author, { [spec.nameField]: approved });
    await decide(id, 'approved');
    expect(await nameAs(id, null)).toBe(approved);
    expect(await revisionFor(id)).toBeUndefined();
  });

  test("a newer edit replaces the pending one; an admin's edit applies at once", async () => {
    const id = await insertContent(kit.t.app.db, spec, author, token('old'));
    await call('PATCH', url(id), author, { [spec.nameField]: token('first') });
    const second = token('second');
    await call('PATCH', url(id), author, { [spec.nameField]: second });
    const queued = (await call('GET', '/api/admin/approvals', kit.admin)).json().filter((a: Approval) => a.itemId === id);
    expect(queued).toMatchObject([{ changes: [{ after: second }] }]);

    const byAdmin = token('admin');
    const res = await call('PATCH', url(id), kit.admin, { [spec.nameField]: byAdmin });
    expect(res.statusCode).toBe(200);
    expect(await nameAs(id, null)).toBe(byAdmin);
  });

  test("the author's edit of an item still pending applies at once (it is not public)", async () => {
    const id = await insertContent(kit.t.app.db, spec, author, token('old'), 'pending');
    const renamed = token('renamed');
    await call('PATCH', url(id), author, { [spec.nameField]: renamed });
    expect(await nameAs(id, author)).toBe(renamed);
    expect(await revisionFor(id)).toBeUndefined();
  });
});

describe('teams', () => {
  test("a leader's rename of an approved team waits; approve shows it, reject changes nothing", async () => {
    const old = token('Crew');
    const id = await insertTeam(kit.t.app.db, author, [stranger], { name: old });
    const proposed = token('Renamed');
    const res = await call('PATCH', `/api/teams/${id}`, author, { name: proposed, description: 'New words' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: old, pendingRevision: { changes: { name: proposed, description: 'New words' } } });
    expect((await call('GET', `/api/teams/${id}`, null)).json()).toMatchObject({ name: old, description: null });
    const asMember = (await call('GET', `/api/teams/${id}`, stranger)).json();
    expect(asMember.name).toBe(old);
    expect(asMember.pendingRevision).toBeUndefined();
    expect(await revisionFor(id)).toMatchObject({
      itemType: 'team',
      itemName: old,
      changes: [
        { field: 'name', before: old, after: proposed },
        { field: 'description', before: null, after: 'New words' },
      ],
    });

    await decide(id, 'rejected');
    expect((await call('GET', `/api/teams/${id}`, null)).json().name).toBe(old);

    await call('PATCH', `/api/teams/${id}`, author, { name: proposed });
    await decide(id, 'approved');
    expect((await call('GET', `/api/teams/${id}`, null)).json().name).toBe(proposed);
  });

  test("a leader's new logo of an approved team waits too; approving shows it, rejecting deletes the file", async () => {
    const id = await insertTeam(kit.t.app.db, author, [], { name: token('Crew') });
    const upload = async () => {
      const { headers, payload } = fileUpload(await png(64, 64));
      const res = await kit.t.app.inject({
        method: 'PUT',
        url: `/api/teams/${id}/logo`,
        headers: { cookie: author.cookie, origin: ORIGIN, ...headers },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().pendingRevision.changes.logoUrl as string;
    };
    const fileAt = async (url: string) => (await kit.t.app.inject({ method: 'GET', url })).statusCode;
    const publicLogo = async () => (await call('GET', `/api/teams/${id}`, null)).json().logoUrl;

    const first = await upload();
    expect(await publicLogo()).toBeNull();
    expect(await revisionFor(id)).toMatchObject({ changes: [{ field: 'logoUrl', before: null, after: first }] });
    // A second upload replaces the proposal, and the first file, now unused, goes.
    const second = await upload();
    expect(await fileAt(first)).toBe(404);
    await decide(id, 'rejected');
    expect(await publicLogo()).toBeNull();
    expect(await fileAt(second)).toBe(404);

    const third = await upload();
    await decide(id, 'approved');
    expect(await publicLogo()).toBe(third);
    expect(await fileAt(third)).toBe(200);
    // A rename waiting for review keeps a logo proposed later, and the other way round.
    await call('PATCH', `/api/teams/${id}`, author, { name: token('Renamed') });
    const fourth = await upload();
    expect(Object.keys((await call('GET', `/api/teams/${id}`, author)).json().pendingRevision.changes).sort()).toEqual(['logoUrl', 'name']);
    await decide(id, 'approved');
    expect(await publicLogo()).toBe(fourth);
    expect(await fileAt(third)).toBe(404);
  });

  test("an admin's edit of a team applies at once", async () => {
    const id = await insertTeam(kit.t.app.db, author, [], { name: token('Crew') });
    const renamed = token('Admin');
    await call('PATCH', `/api/teams/${id}`, kit.admin, { name: renamed });
    expect((await call('GET', `/api/teams/${id}`, null)).json().name).toBe(renamed);
    expect(await revisionFor(id)).toBeUndefined();
  });
});

test('a bad edit of an approved event is refused with its code and stores no revision', async () => {
  const spec = CONTENT.find((c) => c.type === 'event')!;
  const id = await insertContent(kit.t.app.db, spec, author, token('old'));
  const res = await call('PATCH', `/api/events/${id}`, author, { endDate: '2000-01-01T00:00:00.000Z' });
  expect(res.statusCode).toBe(400);
  expect(res.json().code).toBe('END_BEFORE_START');
  expect(await revisionFor(id)).toBeUndefined();
});

test('three edits at once of one approved item, each of another field, all wait in its revision (none is lost)', async () => {
  const spec = CONTENT.find((c) => c.type === 'place')!;
  for (let round = 0; round < 3; round += 1) {
    const id = await insertContent(kit.t.app.db, spec, author, token('old'));
    const edits = [{ name: token('renamed') }, { location: `Elsewhere ${token()}` }, { latitude: 10 + round }];
    const answers = await Promise.all(edits.map((edit) => call('PATCH', `/api/places/${id}`, author, edit)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', `/api/places/${id}`, author)).json().pendingRevision.changes).toEqual({ ...edits[0], ...edits[1], ...edits[2] });
  }
});
