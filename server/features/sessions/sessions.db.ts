import { sql, type Kysely } from 'kysely';
import { SESSION_OUT_NOW_HOURS, type PlaceSessions, type Session, type SessionInputParsed } from '../../../common/sessions.ts';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/client.ts';
import { isVisible, iso, visibleTo, type Viewer } from '../../lib/content.ts';
import { fail } from '../../lib/errors.ts';
import { notify } from '../../lib/notifications.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { galleriesOf } from '../../lib/photos.ts';
import { visiblePerson } from '../../lib/people.ts';
import { setTrickProgress } from '../tricks/index.ts';
import { sessionVisibleTo } from './session-visibility.ts';

type Db = Kysely<DB>;

/**
 * How many sessions one rider may tag one person in, a day (issue 37, hole 7). A real day's riding
 * with a friend is a session or two, and a trip logged afterwards a handful; past that the tag is
 * refused with SESSION_TAG_LIMIT, the session not stored, rather than dropped in silence: the tagger
 * would believe their friend was told. A 409, not a 429: nothing is wrong with sending again soon
 * without the tag, and a check-in waiting offline is then told apart from one to try again later
 * (web/lib/outbox-store.ts retries a 429, holding the rest of the outbox behind it). Counted as tags are made (rate_limits, in the session's
 * transaction), so deleting sessions gives none back: logging and deleting cannot push to anyone again
 * and again. Repeats within the day fold into one unread notification (notify's foldByActor).
 */
export const SESSION_TAGS_PER_PERSON = { max: 5, windowSeconds: 86_400 };

const OUT_NOW_MAX = 20;
const RECENT_MAX = 10;
// A phone's clock a little ahead of the server's is not a session in the future.
const FUTURE_SLACK_MS = 60_000;

/**
 * The sessions `viewer` may see, with their place, author, tricks and accepted companions: every read
 * of sessions (the place page, a profile's log, the feed, the admin) starts here and adds its own
 * filter, order and limit, then maps the rows with `toSessions`. `s` is ride_sessions.
 */
export function visibleSessions(db: Db, viewer: Viewer) {
  return db
    .selectFrom('ride_sessions as s')
    .innerJoin('places as p', 'p.id', 's.place_id')
    .innerJoin('profiles as a', 'a.id', 's.author_id')
    .select([
      's.id',
      's.place_id',
      'p.name as place_name',
      's.discipline_id',
      's.started_at',
      's.duration_minutes',
      's.note',
      's.visibility',
      's.created_at',
      's.author_id',
      'a.name as author_name',
      'a.avatar_url as author_avatar_url',
      sql<{ id: string; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name)
        from ride_session_tricks st join tricks t on t.id = st.trick_id
        where st.session_id = s.id and t.status = 'approved'
      ), '[]'::json)`.as('tricks'),
      // Nobody shows as a companion before accepting the tag.
      sql<{ id: string; name: string; avatarUrl: string | null }[]>`coalesce((
        select json_agg(json_build_object('id', cp.id, 'name', cp.name, 'avatarUrl', cp.avatar_url) order by c.created_at)
        from ride_session_companions c join profiles cp on cp.id = c.user_id
        where c.session_id = s.id and c.status = 'accepted' and ${visiblePerson('cp')}
      ), '[]'::json)`.as('companions'),
    ])
    .where(sessionVisibleTo('s', viewer));
}

export type SessionRow = Awaited<ReturnType<ReturnType<typeof visibleSessions>['executeTakeFirstOrThrow']>>;

/** Rows of `visibleSessions` in the API's shape (common/sessions.ts), with their photos read in one query for them all. */
export async function toSessions(db: Db, rows: SessionRow[], viewer: Viewer): Promise<Session[]> {
  const photos = await galleriesOf(
    db,
    'session',
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    place: { id: row.place_id, name: row.place_name },
    disciplineId: row.discipline_id,
    startedAt: iso(row.started_at),
    durationMinutes: row.duration_minutes,
    note: row.note,
    visibility: row.visibility,
    author: { id: row.author_id, name: row.author_name, avatarUrl: row.author_avatar_url },
    tricks: row.tricks,
    companions: row.companions,
    photos: photos.get(row.id) ?? [],
    canDelete: !!viewer && (viewer.role === 'admin' || viewer.id === row.author_id),
    createdAt: iso(row.created_at),
  }));
}

/** The place, when `viewer` may see it, with what a session there needs. */
export async function sessionPlace(db: Db, placeId: string, viewer: Viewer) {
  return db
    .selectFrom('places as c')
    .select(['c.id', 'c.name', 'c.discipline_id', 'c.visibility'])
    .where('c.id', '=', placeId)
    .where(visibleTo('place', 'c', viewer))
    .executeTakeFirst();
}
export type SessionPlace = NonNullable<Awaited<ReturnType<typeof sessionPlace>>>;

/** Who rides at the place now (started within the last hours) and the sessions before, as `viewer` may see them. */
export async function placeSessions(db: Db, placeId: string, viewer: Viewer): Promise<PlaceSessions> {
  const since = sql<Date>`now() - make_interval(hours => ${SESSION_OUT_NOW_HOURS})`;
  const [outNowRows, recentRows] = await Promise.all([
    visibleSessions(db, viewer)
      .where('s.place_id', '=', placeId)
      .where('s.started_at', '>', since)
      .orderBy('s.started_at', 'desc')
      .limit(OUT_NOW_MAX)
      .execute(),
    visibleSessions(db, viewer)
      .where('s.place_id', '=', placeId)
      .where('s.started_at', '<=', since)
      .orderBy('s.started_at', 'desc')
      .limit(RECENT_MAX)
      .execute(),
  ]);
  // One read of the photos for both lists.
  const sessions = await toSessions(db, [...outNowRows, ...recentRows], viewer);
  return { outNow: sessions.slice(0, outNowRows.length), recent: sessions.slice(outNowRows.length) };
}

export async function getSession(db: Db, id: string, viewer: Viewer): Promise<Session | undefined> {
  const row = await visibleSessions(db, viewer).where('s.id', '=', id).executeTakeFirst();
  return row && (await toSessions(db, [row], viewer))[0];
}

/**
 * Logs a session, all or nothing: its tricks (each also landed in the author's progression) and its
 * companions, tagged as pending and told. Every rule is checked here, in the transaction, so a refusal
 * stores nothing.
 */
export async function createSession(db: Db, author: { id: string }, place: SessionPlace, input: SessionInputParsed): Promise<string> {
  if (input.visibility === 'public' && place.visibility !== 'public') fail('SESSION_PLACE_NOT_PUBLIC');
  const startedAt = input.when === 'earlier' ? new Date(input.startedAt) : new Date();
  if (startedAt.getTime() > Date.now() + FUTURE_SLACK_MS) fail('SESSION_IN_FUTURE');
  return inTransaction(db, async (tx) => {
    if (input.trickIds.length) {
      const tricks = await tx
        .selectFrom('tricks')
        .select('id')
        .where('id', 'in', input.trickIds)
        .where('status', '=', 'approved')
        .where('discipline_id', '=', place.discipline_id)
        .execute();
      if (tricks.length !== input.trickIds.length) fail('TRICK_WRONG_DISCIPLINE');
    }
    if (input.companionIds.length) {
      const companions = await tx
        .selectFrom('user_follows as f')
        .innerJoin('profiles as cp', 'cp.id', 'f.followee_id')
        .select(['cp.id', 'cp.role'])
        .where('f.follower_id', '=', author.id)
        .where('f.followee_id', 'in', input.companionIds)
        .where(visiblePerson('cp'))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('user_blocks as b')
                .select('b.blocker_id')
                .where(sql<boolean>`(b.blocker_id = ${author.id} and b.blocked_id = cp.id) or (b.blocker_id = cp.id and b.blocked_id = ${author.id})`),
            ),
          ),
        )
        .execute();
      if (companions.length !== input.companionIds.length) fail('COMPANION_NOT_FOLLOWED');
      // A companion who may not see the place (not of the crew) would learn of it by the tag.
      for (const companion of companions) if (!(await isVisible(tx, 'place', place.id, companion))) fail('COMPANION_NOT_FOLLOWED');
    }
    const { id } = await tx
      .insertInto('ride_sessions')
      .values({
        author_id: author.id,
        place_id: place.id,
        discipline_id: place.discipline_id,
        started_at: startedAt,
        duration_minutes: input.durationMinutes ?? null,
        note: input.note ?? null,
        visibility: input.visibility,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const trickId of input.trickIds) {
      await tx.insertInto('ride_session_tricks').values({ session_id: id, trick_id: trickId }).execute();
      await setTrickProgress(tx, trickId, author.id, 'landed');
    }
    // Counted in the transaction: a refused session counts no tag.
    const tagCounts = createRateLimiter(tx);
    for (const userId of input.companionIds) {
      const tagged = await tagCounts.hit(`session-tags:${author.id}:${userId}`, SESSION_TAGS_PER_PERSON);
      if (tagged.count > SESSION_TAGS_PER_PERSON.max) fail('SESSION_TAG_LIMIT', { status: 409 });
      await tx.insertInto('ride_session_companions').values({ session_id: id, user_id: userId }).execute();
      await notify(tx, {
        userId,
        type: 'session_tag',
        actorId: author.id,
        subjectType: 'session',
        subjectId: id,
        data: { itemName: place.name, placeId: place.id, disciplineId: place.discipline_id },
        foldByActor: true,
      });
    }
    return id;
  });
}

/** A session and its author when `viewer` may see it (deleting). */
export async function findSession(db: Db, id: string, viewer: Viewer) {
  return db.selectFrom('ride_sessions as s').select(['s.id', 's.author_id']).where('s.id', '=', id).where(sessionVisibleTo('s', viewer)).executeTakeFirst();
}

/** The newest pending tag of `authorId`'s sessions for `userId`, other than `exceptId`, with its place. */
function otherPendingTags(tx: Db, authorId: string, userId: string) {
  return tx
    .selectFrom('ride_session_companions as c')
    .innerJoin('ride_sessions as s', 's.id', 'c.session_id')
    .innerJoin('places as p', 'p.id', 's.place_id')
    .select(['s.id', 'p.id as place_id', 'p.name as place_name', 'p.discipline_id'])
    .where('c.user_id', '=', userId)
    .where('c.status', '=', 'pending')
    .where('s.author_id', '=', authorId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc');
}

/** How many tags a (folded) tag notification stands for. */
const foldedCount = (data: unknown) => Number((data as { count?: unknown } | null)?.count ?? 1) || 1;

/**
 * Deletes a session, and the tags' notifications that would lead nowhere. A notification that folded
 * other tags of the same author (notify's foldByActor) stays for them, pointed at the newest left.
 */
export async function deleteSession(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const told = await tx
      .selectFrom('notifications')
      .select(['id', 'user_id', 'actor_id', 'data'])
      .where('type', '=', 'session_tag')
      .where('subject_type', '=', 'session')
      .where('subject_id', '=', id)
      .execute();
    for (const n of told) {
      const count = foldedCount(n.data);
      // A tag told on its own already (from before folding) is not taken twice.
      const next =
        count > 1 && n.actor_id
          ? await otherPendingTags(tx, n.actor_id, n.user_id)
              .where('s.id', '<>', id)
              .where(
                sql<boolean>`not exists (select 1 from notifications o where o.user_id = c.user_id and o.type = 'session_tag' and o.subject_id = s.id::text)`,
              )
              .executeTakeFirst()
          : undefined;
      if (!next) {
        await tx.deleteFrom('notifications').where('id', '=', n.id).execute();
        continue;
      }
      const data = { itemName: next.place_name, placeId: next.place_id, disciplineId: next.discipline_id, count: count - 1 };
      await tx
        .updateTable('notifications')
        .set({ subject_id: next.id, data: sql`data || ${JSON.stringify(data)}::jsonb` })
        .where('id', '=', n.id)
        .execute();
    }
    await tx.deleteFrom('ride_sessions').where('id', '=', id).execute();
  });
}

/**
 * The tagged person's answer: accepted, they show on the session; declined, the tag is gone. Either
 * way the tag's notification is marked read with the answer. A notification that folded several tags
 * of one author answers them all: it is the one question the person was asked. False when `userId`
 * is not tagged.
 */
export async function answerTag(db: Db, sessionId: string, userId: string, accept: boolean): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const told = await tx
      .selectFrom('notifications as n')
      .select('n.data')
      .where('n.user_id', '=', userId)
      .where('n.type', '=', 'session_tag')
      .where('n.subject_id', '=', sessionId)
      .executeTakeFirst();
    const session =
      told && foldedCount(told.data) > 1 ? await tx.selectFrom('ride_sessions').select('author_id').where('id', '=', sessionId).executeTakeFirst() : undefined;
    const folded = session ? (await otherPendingTags(tx, session.author_id, userId).execute()).map((t) => t.id) : [];
    const sessionIds = [sessionId, ...folded.filter((other) => other !== sessionId)];
    const tag = accept
      ? await tx
          .updateTable('ride_session_companions')
          .set({ status: 'accepted' })
          .where('session_id', '=', sessionId)
          .where('user_id', '=', userId)
          .returning('user_id')
          .executeTakeFirst()
      : await tx
          .deleteFrom('ride_session_companions')
          .where('session_id', '=', sessionId)
          .where('user_id', '=', userId)
          .returning('user_id')
          .executeTakeFirst();
    if (!tag) return false;
    if (sessionIds.length > 1) {
      const others = sessionIds.slice(1);
      if (accept)
        await tx.updateTable('ride_session_companions').set({ status: 'accepted' }).where('session_id', 'in', others).where('user_id', '=', userId).execute();
      else await tx.deleteFrom('ride_session_companions').where('session_id', 'in', others).where('user_id', '=', userId).execute();
    }
    const answer = JSON.stringify({ answer: accept ? 'accepted' : 'declined' });
    await tx
      .updateTable('notifications')
      .set({ read_at: sql`coalesce(read_at, now())`, data: sql`data || ${answer}::jsonb` })
      .where('user_id', '=', userId)
      .where('type', '=', 'session_tag')
      .where('subject_id', 'in', sessionIds)
      .execute();
    return true;
  });
}
