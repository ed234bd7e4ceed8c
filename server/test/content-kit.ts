import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import type { Approval, ApprovableType } from '../../common/approvals.ts';
import { callerOf, RELAXED_LIMITS, signUpVerified } from './test-app.ts';
import { useTestApp } from './use-test-app.ts';

export const ORIGIN = 'http://localhost:3000';
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

export type User = Awaited<ReturnType<typeof signUpVerified>>;

export function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { code, message: expect.any(String) } });
}

/**
 * What the API tests of a content section share: a fresh app with an admin (made in the file's
 * first beforeAll, closed after its tests), calls as anyone, unique words for searches, and the
 * admin's approval of a contribution of `type`. Call it at the top of the file: `const kit = contentTestKit('place');`
 */
export function contentTestKit(type: ApprovableType) {
  const t = useTestApp(RELAXED_LIMITS);
  let admin: User | undefined;
  let seq = 0;

  /** A word no other test uses, so that searches see only this test's items. */
  const token = (prefix = 'item') => {
    seq += 1;
    return `${prefix}${seq}x${Math.random().toString(36).slice(2, 7)}`;
  };

  const call = callerOf(() => t);

  const user = (name?: string): Promise<User> => signUpVerified(t, { name: name ?? `Rider ${token('u')}` });

  /** The queue's entry of an item of the kit's type (`anyType`: of any type), as the admin reads it now. */
  async function approvalFor(itemId: string, anyType = false): Promise<Approval | undefined> {
    const res = await call('GET', '/api/admin/approvals', kit.admin);
    expect(res.statusCode).toBe(200);
    return (res.json() as Approval[]).find((a) => (anyType || a.itemType === type) && a.itemId === itemId);
  }

  /** The entry that must be waiting for an item of any type. */
  async function queued(itemId: string): Promise<Approval> {
    const found = await approvalFor(itemId, true);
    expect(found, `${itemId} waits in the queue`).toBeDefined();
    return found!;
  }

  async function decide(itemId: string, decision: 'approved' | 'rejected') {
    const approval = await approvalFor(itemId);
    expect(approval, `${type} ${itemId} waits for approval`).toBeDefined();
    const res = await call('POST', `/api/admin/approvals/${approval!.id}`, kit.admin, { decision, version: approval!.version });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }

  // Registered after useTestApp's: vitest runs a block's beforeAll hooks in order.
  beforeAll(async () => {
    admin = await user('Admin Rider');
    await t.app.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.id).execute();
  });

  const kit = {
    t,
    type,
    get admin(): User {
      if (!admin) throw new Error('contentTestKit: the admin exists only in the tests and hooks of the file');
      return admin;
    },
    token,
    call,
    user,
    approvalFor,
    queued,
    decide,
  };
  return kit;
}

/**
 * The two calls every section's tests make: contributing an item (`input` with `over`) as `author`, and
 * listing a discipline's items as `who` (a visitor when null), both in `discipline` unless told.
 */
export function sectionCalls<Item, Input, List>(
  call: ReturnType<typeof callerOf>,
  section: string,
  input: (over?: Partial<Input>) => Input,
  discipline: string,
) {
  return {
    async add(author: User, over: Partial<Input> = {}, disciplineId = discipline): Promise<Item> {
      const res = await call('POST', `/api/disciplines/${disciplineId}/${section}`, author, input(over));
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Item;
    },
    async list(who: User | null, query = '', disciplineId = discipline): Promise<List> {
      const res = await call('GET', `/api/disciplines/${disciplineId}/${section}${query}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as List;
    },
  };
}
