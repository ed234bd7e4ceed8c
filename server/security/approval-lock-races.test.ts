import pg from 'pg';
import { describe, expect, test } from 'vitest';
import type { Approval } from '../../common/approvals.ts';
import { contentTestKit, expectError, ORIGIN, type User } from '../test/content-kit.ts';
import { png } from '../test/image-fixtures.ts';
import { fileUpload } from '../test/multipart.ts';
import { answeringPostgres } from '../test/postgres-databases.ts';
import { CONTENT, DISCIPLINE, insertContent, insertTeam } from './catalogue.ts';

/**
 * Issue 37: what an approval or a team's opening decides is decided under the row's lock, so that an
 * edit or a crew spot arriving at the same moment is judged by the outcome.
 * - A team leader's edit (or new logo) of a team approved meanwhile waits for review: it never reaches
 *   the now public team unreviewed (the status was read before and outside the lock).
 * - A crew spot made, or a revision making a spot crew approved, while its team is being opened is
 *   refused: the team must stay private while it keeps crew spots (the team was read without a lock).
 * The races are made to happen in one order: another transaction (as another request's would) holds a
 * lock while the request starts, and commits once the request waits for it. That needs PostgreSQL
 * (`DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres`); PGlite runs one statement at a time.
 */
const kit = contentTestKit('team');
const { call, user, token, queued } = kit;
const db = () => kit.t.app.db;
const serverUrl = await answeringPostgres(process.env.DATABASE_URL);

const crewSpot = (teamId: string) => ({ name: `Spot ${token()}`, location: 'Cove', latitude: 43.48, longitude: -1.56, visibility: 'crew', teamId });

const approve = (approval: Approval) => call('POST', `/api/admin/approvals/${approval.id}`, kit.admin, { decision: 'approved', version: approval.version });

/** A transaction of its own on the app's database, as another request's (or server's) would be. */
async function otherTransaction() {
  const client = new pg.Client({ connectionString: kit.t.config.databaseUrl });
  await client.connect();
  await client.query('begin');
  return {
    query: (text: string, values: unknown[]) => client.query(text, values),
    /** Once `count` of the app's statements wait for a lock (or `request` is answered without waiting). */
    async waiting(count: number, request: Promise<unknown>) {
      let answered = false;
      void request.finally(() => (answered = true));
      for (let i = 0; i < 1000 && !answered; i++) {
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        if (rows[0]!.n >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      if (!answered) throw new Error(`${count} statements never waited for a lock`);
    },
    async commit() {
      await client.query('commit');
      await client.end();
    },
  };
}

/** The team as the public sees it, and as its leader does (with the edit waiting for review). */
const teamAs = async (id: string, who: User | null) => (await call('GET', `/api/teams/${id}`, who)).json();

describe.skipIf(!serverUrl)('on PostgreSQL: an approval racing a team edit', () => {
  /**
   * The admin's approval takes the team's lock and then waits (for its queue row, held by another
   * transaction); the leader's edit starts then, and waits for the team; the approval goes through first.
   */
  async function editDuringApproval(edit: (id: string, leader: User) => Promise<Awaited<ReturnType<typeof call>>>) {
    const leader = await user();
    const name = `Benign ${token()}`;
    const created = await call('POST', '/api/teams', leader, { name, disciplineIds: [DISCIPLINE] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const seen = await queued(id);

    const other = await otherTransaction();
    await other.query('select id from pending_approvals where id = $1 for update', [seen.id]);
    const decision = approve(seen);
    await other.waiting(1, decision);
    const edited = edit(id, leader);
    await other.waiting(2, edited);
    await other.commit();
    expect((await decision).statusCode).toBe(200);
    const res = await edited;
    expect(res.statusCode, res.body).toBe(200);
    return { id, name, leader };
  }

  test("a leader's edit landing just after the approval waits for review; the public sees the team the admin approved", async () => {
    const evil = `EVIL ${token()}`;
    const { id, name, leader } = await editDuringApproval((teamId, leader) =>
      call('PATCH', `/api/teams/${teamId}`, leader, { name: evil, description: 'Unreviewed words' }),
    );
    const shown = await teamAs(id, null);
    expect(shown).toMatchObject({ name, status: 'approved' });
    expect(shown.description ?? null).toBeNull();
    expect((await teamAs(id, leader)).pendingRevision.changes).toEqual({ name: evil, description: 'Unreviewed words' });
  });

  test("a leader's new logo landing just after the approval waits for review, and its file is kept for it", async () => {
    const upload = fileUpload(await png(300, 300), 'logo.png', 'image/png');
    const { id, leader } = await editDuringApproval((teamId, leader) =>
      kit.t.app.inject({
        method: 'PUT',
        url: `/api/teams/${teamId}/logo`,
        headers: { cookie: leader.cookie, origin: ORIGIN, ...upload.headers },
        payload: upload.payload,
      }),
    );
    expect((await teamAs(id, null)).logoUrl).toBeNull();
    const proposed = (await teamAs(id, leader)).pendingRevision.changes.logoUrl as string;
    expect(proposed).toMatch(/^\/uploads\/logos\//);
    expect((await call('GET', proposed)).statusCode).toBe(200);
  });
});

describe('a crew spot and the opening of its team', () => {
  /**
   * A private team's public spot with a waiting revision that makes it the team's crew spot, as one
   * stored before an author's hiding applied at once (a713c69), and its queue entry as the admin saw it.
   */
  async function spotWaitingToBeCrew() {
    const author = await user();
    const team = await insertTeam(db(), author, [], { isPrivate: true });
    const spot = await insertContent(
      db(),
      CONTENT.find((c) => c.type === 'place')!,
      author,
      `Spot ${token()}`,
    );
    await db()
      .insertInto('pending_revisions')
      .values({ item_type: 'place', item_id: spot, changes: JSON.stringify({ visibility: 'crew', teamId: team }), submitted_by: author.id })
      .execute();
    return { author, team, spot, seen: await queued(spot) };
  }

  test('approving a revision that makes a spot crew after its team was opened is refused, and changes nothing', async () => {
    const { author, team, spot, seen } = await spotWaitingToBeCrew();
    expect((await call('PATCH', `/api/teams/${team}`, author, { isPrivate: false })).statusCode).toBe(200);

    expectError(await approve(seen), 400, 'CREW_SPOT_NEEDS_PRIVATE_TEAM');
    expect(await db().selectFrom('places').select(['visibility', 'team_id', 'status']).where('id', '=', spot).executeTakeFirstOrThrow()).toEqual({
      visibility: 'public',
      team_id: null,
      status: 'approved',
    });
    expect((await queued(spot)).status).toBe('pending');
  });

  describe.skipIf(!serverUrl)('on PostgreSQL: at the same moment', () => {
    /** What opening the team does (updateTeam: assertMayOpen, then the update), not yet committed. */
    async function opening(team: string) {
      const other = await otherTransaction();
      await other.query('select id from teams where id = $1 for update', [team]);
      expect((await other.query(`select id from places where team_id = $1 and visibility = 'crew'`, [team])).rows).toEqual([]);
      await other.query('update teams set is_private = false where id = $1', [team]);
      return other;
    }

    const crewSpotsOf = (team: string) => db().selectFrom('places').select('id').where('team_id', '=', team).where('visibility', '=', 'crew').execute();

    test('a crew spot made while its team is being opened is refused: no crew spot on an open team', async () => {
      const author = await user();
      const team = await insertTeam(db(), author, [], { isPrivate: true });
      const other = await opening(team);
      const made = call('POST', `/api/disciplines/${DISCIPLINE}/places`, author, crewSpot(team));
      await other.waiting(1, made);
      await other.commit();
      expectError(await made, 400, 'CREW_SPOT_NEEDS_PRIVATE_TEAM');
      expect(await crewSpotsOf(team)).toEqual([]);
    });

    test('a revision making a spot crew approved while its team is being opened is refused and stays pending', async () => {
      const { team, spot, seen } = await spotWaitingToBeCrew();
      const other = await opening(team);
      const decision = approve(seen);
      await other.waiting(1, decision);
      await other.commit();
      expectError(await decision, 400, 'CREW_SPOT_NEEDS_PRIVATE_TEAM');
      expect(await crewSpotsOf(team)).toEqual([]);
      expect((await queued(spot)).status).toBe('pending');
    });
  });
});
