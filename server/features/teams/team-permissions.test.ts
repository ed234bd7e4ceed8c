import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as fixtures from '../../test/image-fixtures.ts';
import { fileUpload } from '../../test/multipart.ts';
import { expectError, teamsTestKit, type User } from './teams-test-kit.ts';

/** Who may change a team: every write of its leader refused to everyone else, with nothing changed. */

const kit = teamsTestKit();
const { token, call, upload, user, createTeam, approvedTeam, snapshot, requestRows, storedFiles } = kit;

beforeAll(() => kit.start());
afterAll(() => kit.stop());

describe('who may do what (every refused call changes nothing)', () => {
  type World = Awaited<ReturnType<typeof world>>;
  async function world() {
    const { team, leader, member } = await approvedTeam({ isPrivate: true, disciplineIds: ['surfing'] });
    const other = await approvedTeam();
    const asker = await user(`Asker ${token()}`);
    await kit.db.insertInto('team_join_requests').values({ team_id: team.id, user_id: asker.id }).execute();
    const [request] = await requestRows(team.id, asker.id);
    const outsider = await user(`Outsider ${token()}`);
    return { team, leader, member, otherLeader: other.leader, outsider, asker, requestId: request!.id };
  }

  const writes: [string, (w: World) => { method: InjectOptions['method']; url: string; payload?: unknown; upload?: boolean }][] = [
    ['edit', (w) => ({ method: 'PATCH', url: `/api/teams/${w.team.id}`, payload: { name: 'Hijacked', disciplineIds: [] } })],
    ['delete', (w) => ({ method: 'DELETE', url: `/api/teams/${w.team.id}` })],
    ['add a member', (w) => ({ method: 'POST', url: `/api/teams/${w.team.id}/members`, payload: { userId: w.outsider.id } })],
    ['remove a member', (w) => ({ method: 'DELETE', url: `/api/teams/${w.team.id}/members/${w.member.id}` })],
    ['transfer', (w) => ({ method: 'POST', url: `/api/teams/${w.team.id}/transfer`, payload: { userId: w.member.id } })],
    ['accept a request', (w) => ({ method: 'POST', url: `/api/teams/${w.team.id}/join-requests/${w.requestId}/accept` })],
    ['decline a request', (w) => ({ method: 'POST', url: `/api/teams/${w.team.id}/join-requests/${w.requestId}/decline` })],
    ['upload the logo', (w) => ({ method: 'PUT', url: `/api/teams/${w.team.id}/logo`, upload: true })],
    ['upload the banner', (w) => ({ method: 'PUT', url: `/api/teams/${w.team.id}/banner`, upload: true })],
    ['clear the logo', (w) => ({ method: 'DELETE', url: `/api/teams/${w.team.id}/logo` })],
    ['clear the banner', (w) => ({ method: 'DELETE', url: `/api/teams/${w.team.id}/banner` })],
    ['list join requests', (w) => ({ method: 'GET', url: `/api/teams/${w.team.id}/join-requests` })],
    ['search people to add', (w) => ({ method: 'GET', url: `/api/teams/${w.team.id}/member-search?q=Outsider` })],
  ];

  let w: World;
  let png: Buffer;
  beforeAll(async () => {
    w = await world();
    png = await fixtures.png(64, 64);
    await kit.db.updateTable('teams').set({ logo_url: '/uploads/logos/11111111-1111-4111-8111-111111111111.webp' }).where('id', '=', w.team.id).execute();
  });

  test.each(writes)('%s: anonymous → 401, user, member, requester and another team’s leader → 403', async (_name, make) => {
    const spec = make(w);
    const before = await snapshot(w.team.id);
    const files = storedFiles();
    const cases: [User | null, number, string][] = [
      [null, 401, 'UNAUTHORIZED'],
      [w.outsider, 403, 'FORBIDDEN'],
      [w.member, 403, 'FORBIDDEN'],
      [w.asker, 403, 'FORBIDDEN'],
      [w.otherLeader, 403, 'FORBIDDEN'],
    ];
    for (const [who, status, code] of cases) {
      const res = spec.upload ? await upload(spec.url, who, fileUpload(png)) : await call(spec.method, spec.url, who, spec.payload);
      expectError(res, status, code);
    }
    expect(await snapshot(w.team.id)).toEqual(before);
    expect(storedFiles()).toEqual(files);
  });

  test.each(writes)('%s on a pending team of someone else → 404 (it is hidden), nothing changes', async (_name, make) => {
    const pending = await createTeam(await user());
    const spec = make({ ...w, team: pending });
    const before = await snapshot(pending.id);
    for (const who of [w.outsider, w.otherLeader]) {
      const res = spec.upload ? await upload(spec.url, who, fileUpload(png)) : await call(spec.method, spec.url, who, spec.payload);
      expectError(res, 404, 'TEAM_NOT_FOUND');
    }
    expect(await snapshot(pending.id)).toEqual(before);
  });

  test('a write from a foreign origin → 403 BAD_ORIGIN, even for the leader', async () => {
    const before = await snapshot(w.team.id);
    const res = await call('PATCH', `/api/teams/${w.team.id}`, w.leader, { name: 'Evil' }, { origin: 'https://evil.example' });
    expectError(res, 403, 'BAD_ORIGIN');
    expect(await snapshot(w.team.id)).toEqual(before);
  });
});
