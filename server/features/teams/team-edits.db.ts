import { sql, type Kysely, type Updateable } from 'kysely';
import type { z } from 'zod';
import type { TeamDetail, teamInputSchema, teamUpdateSchema } from '../../../common/teams.ts';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/client.ts';
import { queueForApproval, renameQueuedItem } from '../../lib/approval-queue.ts';
import { changedColumns } from '../../lib/changes.ts';
import type { Viewer } from '../../lib/content.ts';
import { fail } from '../../lib/errors.ts';

/** A team's own fields: creating, editing (also as an approved revision), its images and deleting it. */

export type NewTeam = z.output<typeof teamInputSchema>;
/** What an edit may change: the form's fields, and the images, which only their upload routes set. */
export type TeamChanges = z.output<typeof teamUpdateSchema> & { logoUrl?: string | null; bannerUrl?: string | null };
export type TeamImage = 'logo' | 'banner';

type Db = Kysely<DB>;

/**
 * Refuses to open (make not private) a team that keeps crew spots (issue 37): anyone may join an open
 * team at once, and its members see its crew spots. The team's row is locked, so a crew spot made at
 * the same moment waits for the answer (places.db's crewOf reads is_private).
 */
export async function assertMayOpen(db: Db, teamId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.selectFrom('teams').select('id').where('id', '=', teamId).forUpdate().executeTakeFirst();
    const crewSpot = await tx.selectFrom('places').select('id').where('team_id', '=', teamId).where('visibility', '=', 'crew').executeTakeFirst();
    if (crewSpot) fail('TEAM_HAS_CREW_SPOTS', { status: 409 });
  });
}

/** The ids among `ids` that are not disciplines. */
export async function unknownDisciplines(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db.selectFrom('disciplines').select('id').where('id', 'in', ids).execute();
  const known = new Set(found.map((d) => d.id));
  return ids.filter((id) => !known.has(id));
}

type TeamColumnFields = Pick<NewTeam, 'name' | 'description' | 'type' | 'isPrivate' | 'location' | 'foundedDate'>;

/** A team's own fields as its row's columns: a leader's team and an admin's are saved alike. */
export const teamColumns = (input: TeamColumnFields) => ({
  name: input.name,
  description: input.description ?? null,
  type: input.type,
  is_private: input.isPrivate,
  location: input.location ?? null,
  founded_date: input.foundedDate ?? null,
});

/** The creator leads it; a non-admin's team waits for approval. */
export async function createTeam(db: Db, input: NewTeam, creator: NonNullable<Viewer>): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const status = creator.role === 'admin' ? 'approved' : 'pending';
    const team = await tx
      .insertInto('teams')
      .values({ ...teamColumns(input), leader_id: creator.id, status })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.insertInto('team_members').values({ team_id: team.id, user_id: creator.id, role: 'leader' }).execute();
    const disciplineIds = [...new Set(input.disciplineIds)];
    if (disciplineIds.length) {
      await tx
        .insertInto('team_disciplines')
        .values(disciplineIds.map((discipline_id) => ({ team_id: team.id, discipline_id })))
        .execute();
    }
    if (status === 'pending') await queueForApproval(tx, { type: 'team', id: team.id, name: input.name, submittedBy: creator.id });
    return team.id;
  });
}

/**
 * Changes the fields that were sent; the discipline links are diffed, all in one transaction (the
 * caller's when given one: approving a revision applies it in the decision's).
 */
export async function updateTeam(db: Db, id: string, changes: TeamChanges): Promise<void> {
  await inTransaction(db, async (tx) => {
    if (changes.isPrivate === false) await assertMayOpen(tx, id);
    await tx
      .updateTable('teams')
      .set({
        ...changedColumns<TeamChanges, Updateable<DB['teams']>>(changes, {
          name: 'name',
          description: 'description',
          type: 'type',
          isPrivate: 'is_private',
          location: 'location',
          foundedDate: 'founded_date',
          logoUrl: 'logo_url',
          bannerUrl: 'banner_url',
        }),
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
    if (changes.name !== undefined) await renameQueuedItem(tx, 'team', id, changes.name);
    if (changes.disciplineIds !== undefined) await diffDisciplines(tx, id, changes.disciplineIds);
  });
}

/** A team's editable fields by their update names (disciplineIds sorted), to tell what an edit changes. */
export function teamFields(team: TeamDetail): Record<string, unknown> {
  return { ...team, disciplineIds: team.disciplines.map((d) => d.id).sort() };
}

/** The team's discipline links become `ids`: removed links are deleted, added ones inserted, kept ones untouched. */
export async function diffDisciplines(tx: Db, teamId: string, ids: string[]): Promise<void> {
  const wanted = [...new Set(ids)];
  let removed = tx.deleteFrom('team_disciplines').where('team_id', '=', teamId);
  if (wanted.length) removed = removed.where('discipline_id', 'not in', wanted);
  await removed.execute();
  if (wanted.length) {
    await tx
      .insertInto('team_disciplines')
      .values(wanted.map((discipline_id) => ({ team_id: teamId, discipline_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Deletes the team (members, links and requests go with it) and its approval; returns its image URLs. */
export async function deleteTeam(db: Db, id: string): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    await tx.deleteFrom('pending_approvals').where('item_type', '=', 'team').where('item_id', '=', id).execute();
    const team = await tx.deleteFrom('teams').where('id', '=', id).returning(['logo_url', 'banner_url']).executeTakeFirst();
    return team ? [team.logo_url, team.banner_url].filter((url): url is string => !!url) : [];
  });
}

/** Sets (or clears) the logo or banner; returns the URL it replaced, or undefined when the team is gone. */
export async function setTeamImage(db: Db, id: string, image: TeamImage, url: string | null): Promise<string | null | undefined> {
  const column = image === 'logo' ? 'logo_url' : 'banner_url';
  const { rows } = await sql<{ previous: string | null }>`
    update teams t set ${sql.ref(column)} = ${url}, updated_at = now()
    from (select id, ${sql.ref(column)} as previous from teams where id = ${id} for update) old
    where t.id = old.id
    returning old.previous`.execute(db);
  return rows[0] ? rows[0].previous : undefined;
}
