import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { ProgressState } from '../../../common/tricks-basics.ts';
import type { ProfileTrick, Trick, trickInputSchema, trickListQuerySchema, trickUpdateSchema } from '../../../common/tricks.ts';
import type { DB } from '../../db/schema.ts';
import { iso, itemFields, ratingColumns, stringList, toRating, type Viewer, visibleItems } from '../../lib/content.ts';
import { sectionStore } from '../../lib/content-store.ts';

type Db = Kysely<DB>;

function tricks(db: Db, viewer: Viewer) {
  return visibleItems(db, 'trick', viewer).select([
    'c.name',
    'c.description',
    'c.level',
    'c.difficulty',
    'c.steps',
    'c.tips',
    'c.video_url',
    ...ratingColumns('trick', 'c.id', viewer),
    (viewer
      ? sql<ProgressState | null>`(select tp.state from trick_progress tp where tp.trick_id = c.id and tp.user_id = ${viewer.id})`
      : sql<ProgressState | null>`null::text`
    ).as('my_progress'),
  ]);
}

type TrickRow = Awaited<ReturnType<ReturnType<typeof tricks>['executeTakeFirstOrThrow']>>;

const toTrick = (row: TrickRow, viewer: Viewer): Trick => ({
  ...itemFields(row, viewer),
  name: row.name,
  description: row.description,
  level: row.level,
  difficulty: Number(row.difficulty),
  steps: stringList(row.steps),
  tips: stringList(row.tips),
  videoUrl: row.video_url,
  rating: toRating(row),
  myProgress: row.my_progress ?? null,
});

/** The section's reads and writes. Its list: a page of the discipline's tricks, newest first, searched in name and description, optionally of one level. */
export const tricksStore = sectionStore<
  TrickRow,
  Trick,
  z.output<typeof trickInputSchema>,
  z.output<typeof trickUpdateSchema>,
  z.output<typeof trickListQuerySchema>
>({
  type: 'trick',
  items: tricks,
  toItem: toTrick,
  nameField: 'name',
  search: { text: ['c.name', 'c.description'] },
  exact: { level: 'c.level' },
});

/** For approving a revision. */
export const { get: getTrick, update: updateTrick } = tricksStore;

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
