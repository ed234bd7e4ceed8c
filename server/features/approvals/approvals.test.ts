import { beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, RELAXED_LIMITS } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp(RELAXED_LIMITS);
let admin: Awaited<ReturnType<typeof signUpVerified>>;
let user: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  admin = await signUpVerified(t, { name: 'Ada Admin' });
  await t.app.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.id).execute();
  user = await signUpVerified(t, { name: 'Uma User' });
});

async function pendingTeam(name: string) {
  const team = await t.app.db.insertInto('teams').values({ name, leader_id: user.id }).returning('id').executeTakeFirstOrThrow();
  const approval = await t.app.db
    .insertInto('pending_approvals')
    .values({ item_type: 'team', item_id: team.id, item_data: JSON.stringify({ name }), submitted_by: user.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { teamId: team.id, approvalId: approval.id };
}

const teamStatus = async (id: string) => (await t.app.db.selectFrom('teams').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('admin approvals', () => {
  it('lists pending items with their type, name and submitter, for admins only', async () => {
    const { approvalId } = await pendingTeam('Queue Riders');
    const anonymous = await t.app.inject({ url: '/api/admin/approvals' });
    expect(anonymous.statusCode).toBe(401);
    const asUser = await t.app.inject({ url: '/api/admin/approvals', headers: { cookie: user.cookie } });
    expect(asUser.statusCode).toBe(403);
    const asAdmin = await t.app.inject({ url: '/api/admin/approvals', headers: { cookie: admin.cookie } });
    expect(asAdmin.statusCode).toBe(200);
    const item = asAdmin.json().find((a: { id: string }) => a.id === approvalId);
    expect(item).toMatchObject({ itemType: 'team', itemName: 'Queue Riders', status: 'pending', submittedBy: { id: user.id, name: 'Uma User' } });
  });

  it('approving makes the item approved and removes it from the queue', async () => {
    const { teamId, approvalId } = await pendingTeam('Approved Crew');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/approvals/${approvalId}`,
      headers: { cookie: admin.cookie },
      payload: { decision: 'approved', version: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(await teamStatus(teamId)).toBe('approved');
    const list = await t.app.inject({ url: '/api/admin/approvals', headers: { cookie: admin.cookie } });
    expect(list.json().some((a: { id: string }) => a.id === approvalId)).toBe(false);
  });

  it('a non-admin cannot decide, and nothing changes', async () => {
    const { teamId, approvalId } = await pendingTeam('Sneaky Crew');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/approvals/${approvalId}`,
      headers: { cookie: user.cookie },
      payload: { decision: 'approved', version: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(await teamStatus(teamId)).toBe('pending');
  });

  it('two admins deciding at once change the item exactly once', async () => {
    const { teamId, approvalId } = await pendingTeam('Race Crew');
    const decide = (decision: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/approvals/${approvalId}`, headers: { cookie: admin.cookie }, payload: { decision, version: 1 } });
    const results = await Promise.all([decide('rejected'), decide('approved')]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().status;
    expect(await teamStatus(teamId)).toBe(winner);
  });

  it('an unknown approval answers 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/approvals/00000000-0000-4000-8000-000000000000',
      headers: { cookie: admin.cookie },
      payload: { decision: 'approved', version: 1 },
    });
    expect(res.statusCode).toBe(404);
  });
});
