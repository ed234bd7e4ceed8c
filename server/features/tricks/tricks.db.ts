import { sql, type Kysely, type Updateable } from 'kysely';
import type { z } from 'zod';
import type { ProgressState } from '../../../common/tricks-basics.ts';
import type { ProfileTrick, Trick, trickInputSchema, TrickList, trickListQuerySchema, trickUpdateSchema } from '../../../common/tricks.ts';
import type { DB } from '../../db/schema.ts';
import { changedColumns } from '../../lib/changes.ts';
import { addContribution, authorOf, iso, newestFirstPage, publicTotal, ratingColumns, reactionColumns, stringList, toRating, toReactions, updateContribution, type Viewer, visibleTo } from '../../lib/content.ts';
import { containsText } from '../../lib/like.ts';

export type NewTrick = z.output<typeof trickInputSchema>;
export type TrickChanges = z.output<typeof trickUpdateSchema>;
export type TrickListFilters = z.output<typeof trickListQuerySchema>;

type Db = Kysely<DB>;

function tricks(db: Db, viewer: Viewer) {
  return db
    .selectFrom('tricks as tr')
    .leftJoin('profiles as a', 'a.id', 'tr.author_id')
    .where(visibleTo('tr', viewer))
    .select([
      'tr.id',
      'tr.discipline_id',
      'tr.name',
      'tr.description',
      'tr.level',
      'tr.difficulty',
      'tr.steps',
      'tr.tips',
      'tr.video_url',
      'tr.status',
      'tr.created_at',
      'tr.author_id',
      'a.name as author_name',
      'a.avatar_url as author_avatar_url',
      ...reactionColumns('trick', 'tr.id', viewer),
      ...ratingColumns('trick', 'tr.id', viewer),
      (viewer
        ? sql<ProgressState | null>`(select tp.state from trick_progress tp where tp.trick_id = tr.id and tp.user_id = ${viewer.id})`
        : sql<ProgressState | null>`null::text`
      ).as('my_progress'),
    ]);
}

type TrickRow = Awaited<ReturnType<ReturnType<typeof tricks>['executeTakeFirstOrThrow']>>;

const toTrick = (row: TrickRow, viewer: Viewer): Trick => ({
  id: row.id,
  disciplineId: row.discipline_id,
  name: row.name,
  description: row.description,
  level: row.level,
  difficulty: Number(row.difficulty),
  steps: stringList(row.steps),
  tips: stringList(row.tips),
  videoUrl: row.video_url,
  status: row.status,
  author: authorOf(row),
  createdAt: iso(row.created_at),
  mine: !!viewer && row.author_id === viewer.id,
  reactions: toReactions(row),
  rating: toRating(row),
  myProgress: row.my_progress ?? null,
});

/** A page of the discipline's tricks, newest first, searched in name and description, optionally of one level. */
export async function listTricks(db: Db, disciplineId: string, filters: TrickListFilters, viewer: Viewer): Promise<TrickList> {
  let query = tricks(db, viewer).where('tr.discipline_id', '=', disciplineId);
  const q = filters.q?.trim();
  if (q) {
    query = query.where(containsText(q, ['tr.name', 'tr.description']));
  }
  if (filters.level) query = query.where('tr.level', '=', filters.level);
  return newestFirstPage(db, query, 'tr', filters, (r) => toTrick(r, viewer), publicTotal(db, 'trick', disciplineId, viewer, !!q || !!filters.level));
}

/** The trick as `viewer` may see it, or undefined when it does not exist or is hidden from them. */
export async function getTrick(db: Db, id: string, viewer: Viewer): Promise<Trick | undefined> {
  const row = await tricks(db, viewer).where('tr.id', '=', id).executeTakeFirst();
  return row && toTrick(row, viewer);
}

/** An admin's trick is public at once; anyone else's waits in the approvals queue. */
export async function createTrick(db: Db, disciplineId: string, input: NewTrick, author: NonNullable<Viewer>): Promise<string> {
  return addContribution(db, { type: 'trick', name: input.name }, author, (tx, status) =>
    tx
      .insertInto('tricks')
      .values({
        name: input.name,
        discipline_id: disciplineId,
        description: input.description,
        level: input.level,
        difficulty: input.difficulty,
        steps: JSON.stringify(input.steps),
        tips: JSON.stringify(input.tips ?? []),
        video_url: input.videoUrl ?? null,
        author_id: author.id,
        status,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
}

/** Changes the fields that were sent; the status stays as it is. */
export async function updateTrick(db: Db, id: string, changes: TrickChanges): Promise<void> {
  await updateContribution(
    db,
    'trick',
    id,
    {
      ...changedColumns<TrickChanges, Updateable<DB['tricks']>>(changes, {
        name: 'name',
        description: 'description',
        level: 'level',
        difficulty: 'difficulty',
        videoUrl: 'video_url',
      }),
      ...(changes.steps !== undefined ? { steps: JSON.stringify(changes.steps) } : {}),
      ...(changes.tips !== undefined ? { tips: JSON.stringify(changes.tips) } : {}),
    },
    changes.name,
  );
}

/** Its likes, comments, ratings and queue entry go with it (a trigger of migration 0005); progress by cascade. */
export async function deleteTrick(db: Db, id: string): Promise<void> {
  await db.deleteFrom('tricks').where('id', '=', id).execute();
}

export async function setTrickProgress(db: Db, trickId: string, userId: string, state: ProgressState): Promise<void> {
  await db
    .insertInto('trick_progress')
    .values({ trick_id: trickId, user_id: userId, state })
    .onConflict((oc) => oc.columns(['trick_id', 'user_id']).doUpdateSet({ state, updated_at: sql`now()` }))
    .execute();
}

export async function clearTrickProgress(db: Db, trickId: string, userId: string): Promise<void> {
  await db.deleteFrom('trick_progress').where('trick_id', '=', trickId).where('user_id', '=', userId).execute();
}

/** Someone's progression on approved tricks, most recent first. */
export async function listProgression(db: Db, userId: string): Promise<ProfileTrick[]> {
  const rows = await db
    .selectFrom('trick_progress as tp')
    .innerJoin('tricks as tr', 'tr.id', 'tp.trick_id')
    .where('tp.user_id', '=', userId)
    .where('tr.status', '=', 'approved')
    .select(['tr.id', 'tr.name', 'tr.discipline_id', 'tr.level', 'tr.difficulty', 'tp.state', 'tp.updated_at'])
    .orderBy('tp.updated_at', 'desc')
    .orderBy('tr.id')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    trickId: r.id,
    name: r.name,
    disciplineId: r.discipline_id,
    level: r.level,
    difficulty: Number(r.difficulty),
    state: r.state,
    updatedAt: iso(r.updated_at),
  }));
}
