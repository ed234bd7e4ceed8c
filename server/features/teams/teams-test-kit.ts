import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TeamDetail, TeamInput } from '../../../common/teams.ts';
import { createTestApp, RELAXED_LIMITS, signUpVerified, type TestApp } from '../../test/test-app.ts';

export const ORIGIN = 'http://localhost:3000';
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

export type User = Awaited<ReturnType<typeof signUpVerified>>;

export function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { code, message: expect.any(String) } });
}

export function noEmails(body: string, ...users: User[]) {
  expect(body).not.toMatch(/email/i);
  for (const u of users) expect(body).not.toContain(u.email);
}

/**
 * What the teams' API test files share: a fresh app per file, calls as anyone, people and teams
 * in every state, and what is stored about a team (to show that a refused call changed nothing).
 * Use: `const kit = teamsTestKit(); beforeAll(() => kit.start()); afterAll(() => kit.stop());`
 * (a factory, not module state: the API test files share their modules, see vitest.config.ts).
 */
export function teamsTestKit() {
  let app: TestApp | undefined;
  let seq = 0;

  const kit = {
    async start() {
      app = await createTestApp(RELAXED_LIMITS);
    },
    async stop() {
      await app?.close();
    },
    get t(): TestApp {
      if (!app) throw new Error('teamsTestKit: call start() in beforeAll');
      return app;
    },
    get db(): TestApp['app']['db'] {
      return kit.t.app.db;
    },

    /** A name part no other test uses, so that searches and filters see only this test's teams. */
    token(prefix = 'tok'): string {
      seq += 1;
      return `${prefix}${seq}x${Math.random().toString(36).slice(2, 7)}`;
    },

    call(method: InjectOptions['method'], url: string, user?: User | null, payload?: unknown, headers: Record<string, string> = {}) {
      return kit.t.app.inject({
        method,
        url,
        headers: { origin: ORIGIN, ...(user ? { cookie: user.cookie } : {}), ...headers },
        ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      });
    },

    upload(url: string, user: User | null | undefined, body: { payload: Buffer; headers: Record<string, string> }, method: 'PUT' = 'PUT') {
      return kit.call(method, url, user, body.payload, body.headers);
    },

    async user(name?: string): Promise<User> {
      return signUpVerified(kit.t, { name: name ?? `Rider ${kit.token()}` });
    },

    async admin(): Promise<User> {
      const a = await kit.user('Admin Rider');
      await kit.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', a.id).execute();
      return a;
    },

    async createTeam(owner: User, input: Partial<TeamInput> = {}): Promise<TeamDetail> {
      const res = await kit.call('POST', '/api/teams', owner, { name: `Crew ${kit.token()}`, ...input });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as TeamDetail;
    },

    async approve(teamId: string) {
      await kit.db.updateTable('teams').set({ status: 'approved' }).where('id', '=', teamId).execute();
    },

    /** An approved team with its leader and one member. */
    async approvedTeam(input: Partial<TeamInput> = {}) {
      const leader = await kit.user();
      const member = await kit.user();
      const team = await kit.createTeam(leader, input);
      await kit.approve(team.id);
      await kit.db.insertInto('team_members').values({ team_id: team.id, user_id: member.id }).execute();
      return { team, leader, member };
    },

    /** Everything stored about a team, to show that a refused call changed nothing. */
    async snapshot(teamId: string) {
      const db = kit.db;
      const [team, members, disciplines, requests, approvals] = await Promise.all([
        db.selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirst(),
        db.selectFrom('team_members').selectAll().where('team_id', '=', teamId).orderBy('user_id').execute(),
        db.selectFrom('team_disciplines').selectAll().where('team_id', '=', teamId).orderBy('discipline_id').execute(),
        db.selectFrom('team_join_requests').selectAll().where('team_id', '=', teamId).orderBy('id').execute(),
        db.selectFrom('pending_approvals').selectAll().where('item_id', '=', teamId).execute(),
      ]);
      return { team, members, disciplines, requests, approvals };
    },

    async memberRow(teamId: string, userId: string) {
      return kit.db.selectFrom('team_members').selectAll().where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
    },

    async requestRows(teamId: string, userId?: string) {
      let q = kit.db.selectFrom('team_join_requests').selectAll().where('team_id', '=', teamId);
      if (userId) q = q.where('user_id', '=', userId);
      return q.orderBy('created_at').execute();
    },

    uploadedFile(url: string): string {
      expect(url).toMatch(/^\/uploads\/[a-z-]+\/[0-9a-f-]{36}\.webp$/);
      return path.join(kit.t.config.dataDir, url.replace(/^\/uploads\//, 'uploads/'));
    },

    storedFiles(): string[] {
      const root = path.join(kit.t.config.dataDir, 'uploads');
      if (!existsSync(root)) return [];
      return readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name))
        .sort();
    },
  };
  return kit;
}
