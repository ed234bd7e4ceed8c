import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { contentTestKit, expectError } from '../test/content-kit.ts';
import { DISCIPLINE, insertTeam } from './catalogue.ts';

/**
 * Crew spots behind an open team (issue 37): a crew spot is seen by its team's members, so a team
 * anyone may join at once (not private) would show it to anyone who clicks "join". A crew spot needs a
 * team joined by request or invitation, and a team keeping crew spots cannot be opened.
 */
const kit = contentTestKit('place');
const { call, user, token } = kit;
const db = () => kit.t.app.db;

const spotInput = (teamId: string | null, visibility: 'crew' | 'private' = 'crew') => ({
  name: `Spot ${token()}`,
  location: 'Cove',
  latitude: 43.48,
  longitude: -1.56,
  visibility,
  teamId,
});

describe('a crew spot needs a team riders join by request or invitation', () => {
  test('a crew spot on an open team is refused, made or edited, and nothing is stored; a stranger joining sees nothing', async () => {
    const [author, stranger] = [await user(), await user()];
    const open = await insertTeam(db(), author);
    const input = spotInput(open);
    for (const who of [author, kit.admin]) {
      expectError(await call('POST', `/api/disciplines/${DISCIPLINE}/places`, who, input), 400, 'CREW_SPOT_NEEDS_PRIVATE_TEAM');
    }
    expect(await db().selectFrom('places').select('id').where('name', '=', input.name).execute()).toEqual([]);

    const mine = await call('POST', `/api/disciplines/${DISCIPLINE}/places`, author, spotInput(null, 'private'));
    expect(mine.statusCode, mine.body).toBe(201);
    const { id } = mine.json() as { id: string };
    expectError(await call('PATCH', `/api/places/${id}`, author, { visibility: 'crew', teamId: open }), 400, 'CREW_SPOT_NEEDS_PRIVATE_TEAM');
    expect(await db().selectFrom('places').select(['visibility', 'team_id']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      visibility: 'private',
      team_id: null,
    });

    expect((await call('POST', `/api/teams/${open}/join`, stranger)).json()).toMatchObject({ status: 'joined' });
    expect((await call('GET', `/api/places/${id}`, stranger)).statusCode).toBe(404);
  });

  test('a private team takes a crew spot; it cannot then be opened until its crew spots are gone', async () => {
    const author = await user();
    const team = await insertTeam(db(), author, [], { isPrivate: true });
    const made = await call('POST', `/api/disciplines/${DISCIPLINE}/places`, author, spotInput(team));
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json() as { id: string };

    const isPrivate = async () => (await db().selectFrom('teams').select('is_private').where('id', '=', team).executeTakeFirstOrThrow()).is_private;
    expectError(await call('PATCH', `/api/teams/${team}`, author, { isPrivate: false, description: 'Open to all now' }), 409, 'TEAM_HAS_CREW_SPOTS');
    expect(await isPrivate()).toBe(true);
    // Nothing of the refused edit waits for review either.
    expect(await db().selectFrom('pending_approvals').select('id').where('item_id', '=', team).execute()).toEqual([]);
    const admin = await call('GET', `/api/admin/teams/${team}`, kit.admin);
    expect(admin.statusCode, admin.body).toBe(200);
    const saved = admin.json() as { name: string; type: string; location: string | null; disciplineIds: string[] };
    const adminSave = {
      name: saved.name,
      type: saved.type,
      isPrivate: false,
      location: saved.location ?? '',
      leaderId: author.id,
      memberIds: [],
      disciplineIds: saved.disciplineIds,
    };
    expectError(await call('PUT', `/api/admin/teams/${team}`, kit.admin, adminSave), 409, 'TEAM_HAS_CREW_SPOTS');
    expect(await isPrivate()).toBe(true);

    // Once the spot is the author's alone, the team may be opened.
    expect((await call('PATCH', `/api/places/${id}`, author, { visibility: 'private', teamId: null })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/teams/${team}`, author, { isPrivate: false })).statusCode).toBe(200);
    expect(await isPrivate()).toBe(false);
  });

  test('migration 0028 makes private a team that already kept crew spots while open, and no other', async () => {
    const author = await user();
    const [withSpot, without] = [await insertTeam(db(), author, [], { isPrivate: true }), await insertTeam(db(), author)];
    const made = await call('POST', `/api/disciplines/${DISCIPLINE}/places`, author, spotInput(withSpot));
    expect(made.statusCode, made.body).toBe(201);
    // As the data stood before: the team opened with its crew spot.
    await db().updateTable('teams').set({ is_private: false }).where('id', '=', withSpot).execute();
    await sql.raw(readFileSync(new URL('../db/migrations/0028-crew-spot-teams.sql', import.meta.url), 'utf8')).execute(db());
    const rows = await db().selectFrom('teams').select(['id', 'is_private']).where('id', 'in', [withSpot, without]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.is_private]))).toEqual({ [withSpot]: true, [without]: false });
  });
});
