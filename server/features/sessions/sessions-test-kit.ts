import { expect } from 'vitest';
import type { contentTestKit, User } from '../../test/content-kit.ts';

/**
 * Rows of the sessions' read tests, inserted directly (the write path and its rules are tested in
 * sessions.test.ts): places made through the API, sessions, tricks and companions through Kysely.
 */
export function sessionsTestKit(kit: ReturnType<typeof contentTestKit>) {
  const db = () => kit.t.app.db;

  /** An approved public place (an admin's is approved at once), or a crew-only one of `teamId` by `author`. */
  async function place(options: { discipline?: string; crew?: { author: User; teamId: string } } = {}): Promise<{ id: string; name: string }> {
    const discipline = options.discipline ?? 'surfing';
    const name = `Spot ${kit.token('s')}`;
    const body = { name, location: 'Somewhere', latitude: 43.5, longitude: -1.5, ...(options.crew ? { visibility: 'crew', teamId: options.crew.teamId } : {}) };
    const res = await kit.call('POST', `/api/disciplines/${discipline}/places`, options.crew?.author ?? kit.admin, body);
    expect(res.statusCode, res.body).toBe(201);
    return { id: (res.json() as { id: string }).id, name };
  }

  async function team(leader: User, members: User[]): Promise<string> {
    const row = await db()
      .insertInto('teams')
      .values({ name: `Crew ${kit.token('t')}`, leader_id: leader.id, status: 'approved', is_private: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('team_members')
      .values([
        { team_id: row.id, user_id: leader.id, role: 'leader' as const },
        ...members.map((m) => ({ team_id: row.id, user_id: m.id, role: 'member' as const })),
      ])
      .execute();
    return row.id;
  }

  async function trick(name = `Trick ${kit.token('k')}`, discipline = 'surfing'): Promise<string> {
    const row = await db()
      .insertInto('tricks')
      .values({ name, discipline_id: discipline, description: 'Turn', difficulty: 3, author_id: kit.admin.id, status: 'approved' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function session(
    author: User,
    placeId: string,
    options: {
      startedAt?: Date;
      minutes?: number | null;
      visibility?: 'public' | 'followers' | 'private';
      note?: string;
      discipline?: string;
      tricks?: string[];
      companions?: { user: User; accepted: boolean }[];
    } = {},
  ): Promise<string> {
    const row = await db()
      .insertInto('ride_sessions')
      .values({
        author_id: author.id,
        place_id: placeId,
        discipline_id: options.discipline ?? 'surfing',
        started_at: options.startedAt ?? new Date(Date.now() - 3_600_000),
        duration_minutes: options.minutes === undefined ? 60 : options.minutes,
        note: options.note ?? null,
        visibility: options.visibility ?? 'public',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const trickId of options.tricks ?? []) await db().insertInto('ride_session_tricks').values({ session_id: row.id, trick_id: trickId }).execute();
    for (const c of options.companions ?? []) {
      await db()
        .insertInto('ride_session_companions')
        .values({ session_id: row.id, user_id: c.user.id, status: c.accepted ? 'accepted' : 'pending' })
        .execute();
    }
    return row.id;
  }

  async function follow(follower: User, followee: User) {
    const res = await kit.call('PUT', `/api/profiles/${followee.id}/follow`, follower);
    expect(res.statusCode, res.body).toBe(200);
  }

  return { place, team, trick, session, follow };
}
