import { expect } from 'vitest';
import type { TeamDetail } from '../../common/teams.ts';
import { callerOf, RELAXED_LIMITS, signUpVerified } from './test-app.ts';
import { useTestApp } from './use-test-app.ts';

export type User = Awaited<ReturnType<typeof signUpVerified>>;

/**
 * What the tests of things people do to each other share (teams, events, reactions, blocks): a fresh
 * app for the file, riders with names of their own, and approved teams, places and events to act on,
 * made through the API as their author would. Call it at the top of the file.
 */
export function communityTestKit() {
  const t = useTestApp(RELAXED_LIMITS);
  const call = callerOf(() => t);
  let seq = 0;
  /** A name no other item of the file has. */
  const label = (prefix: string) => `${prefix} ${++seq}`;

  async function user(): Promise<User> {
    return signUpVerified(t, { name: `${label('Rider')} ${Math.random().toString(36).slice(2, 7)}` });
  }

  async function admin(): Promise<User> {
    const a = await user();
    await t.app.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', a.id).execute();
    return a;
  }

  async function team(leader: User, isPrivate = false): Promise<TeamDetail> {
    const res = await call('POST', '/api/teams', leader, { name: label('Crew'), isPrivate });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as TeamDetail;
    await t.app.db.updateTable('teams').set({ status: 'approved' }).where('id', '=', created.id).execute();
    return created;
  }

  async function place(author: User): Promise<string> {
    const res = await call('POST', '/api/disciplines/surfing/places', author, { name: label('Spot'), location: 'Bay', latitude: 1, longitude: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { id: string }).id;
    await t.app.db.updateTable('places').set({ status: 'approved' }).where('id', '=', id).execute();
    return id;
  }

  async function event(author: User, maxAttendees: number | null = null): Promise<string> {
    const later = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();
    const res = await call('POST', '/api/disciplines/surfing/events', author, {
      name: label('Contest'),
      description: 'A contest.',
      location: 'Bay',
      startDate: later(10),
      endDate: later(11),
      type: 'Competition',
      price: 0,
      maxAttendees,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { id: string }).id;
    await t.app.db.updateTable('events').set({ status: 'approved' }).where('id', '=', id).execute();
    return id;
  }

  return { t, call, label, user, admin, team, place, event };
}
