import { sql, type Kysely } from 'kysely';
import type { Approval, ApprovableType, ApprovalDecision } from '../../../common/approvals.ts';
import { DEFAULT_LANGUAGE } from '../../../common/languages.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import { changedFields, lockItem } from '../../lib/revisions.ts';
import type { Decided } from './approvals.db.ts';
import { getArticle, updateArticle } from '../articles/index.ts';
import { getEvent, updateEvent } from '../events/index.ts';
import { getPlace, updatePlace } from '../places/index.ts';
import { getReview, updateReview } from '../reviews/index.ts';
import { getShop, updateShop } from '../shops/index.ts';
import { getTeamDetail, teamFields, unknownDisciplines, updateTeam } from '../teams/index.ts';
import { getTrick, updateTrick } from '../tricks/index.ts';

type Db = Kysely<DB>;
type Admin = { id: string; role: 'admin' };

/** What the queue needs of each kind of item: its public fields, name and discipline, and its own update. */
type Revisable = {
  current: (db: Db, id: string, admin: Admin) => Promise<{ fields: Record<string, unknown>; name: string; disciplineId: string | null } | undefined>;
  /** `changes` is what the item's own update schema produced when the edit was made (stored as it was). */
  apply: (tx: Db, id: string, changes: never, admin: Admin) => Promise<void>;
  /** Fields holding a file uploaded to our storage: the one a decision leaves unused is removed. */
  files?: string[];
};

const content =
  <T extends { disciplineId: string }>(get: (db: Db, id: string, viewer: Admin) => Promise<T | undefined>, name: (item: T) => string) =>
  async (db: Db, id: string, admin: Admin) => {
    const item = await get(db, id, admin);
    return item && { fields: item as Record<string, unknown>, name: name(item), disciplineId: item.disciplineId };
  };

const REVISABLE: Record<ApprovableType, Revisable> = {
  place: { current: content(getPlace, (i) => i.name), apply: (tx, id, changes, admin) => updatePlace(tx, id, changes, admin) },
  event: { current: content(getEvent, (i) => i.name), apply: (tx, id, changes, admin) => updateEvent(tx, id, changes, admin) },
  trick: { current: content(getTrick, (i) => i.name), apply: (tx, id, changes) => updateTrick(tx, id, changes) },
  review: { current: content(getReview, (i) => i.productName), apply: (tx, id, changes) => updateReview(tx, id, changes) },
  shop: { current: content(getShop, (i) => i.name), apply: (tx, id, changes) => updateShop(tx, id, changes) },
  article: { current: content(getArticle, (i) => i.title), apply: (tx, id, changes) => updateArticle(tx, id, changes) },
  team: {
    files: ['logoUrl', 'bannerUrl'],
    current: async (db, id, admin) => {
      // Only the team's own fields are compared: any language orders its members.
      const team = await getTeamDetail(db, id, admin, DEFAULT_LANGUAGE);
      return team && { fields: teamFields(team), name: team.name, disciplineId: null };
    },
    apply: async (tx, id, changes: { disciplineIds?: string[] }) => {
      // A discipline may have gone since the edit was made.
      if (changes.disciplineIds && (await unknownDisciplines(tx, changes.disciplineIds)).length) {
        fail('DISCIPLINE_NOT_FOUND', { status: 400 });
      }
      await updateTeam(tx, id, changes);
    },
  },
};

/**
 * Pending revisions, oldest first (or only the one of `id`), each with only the fields it changes: the
 * public value beside the proposed one.
 */
export async function listPendingRevisions(db: Db, admin: Admin, id?: string): Promise<Approval[]> {
  let query = db
    .selectFrom('pending_revisions as r')
    .leftJoin('profiles as p', 'p.id', 'r.submitted_by')
    .where('r.status', '=', 'pending')
    .select(['r.id', 'r.status', 'r.item_type', 'r.item_id', 'r.changes', 'r.created_at', 'r.version', 'p.id as submitter_id', 'p.name as submitter_name']);
  if (id !== undefined) query = query.where('r.id', '=', id);
  const rows = await query.orderBy('r.created_at', 'asc').execute();
  const listed: Approval[] = [];
  for (const r of rows) {
    const type = r.item_type as ApprovableType;
    const current = await REVISABLE[type].current(db, r.item_id, admin);
    if (!current) continue;
    listed.push({
      id: r.id,
      status: r.status,
      itemType: type,
      itemId: r.item_id,
      itemName: current.name,
      submittedBy: r.submitter_id ? { id: r.submitter_id, name: r.submitter_name ?? '' } : null,
      createdAt: new Date(r.created_at).toISOString(),
      disciplineId: current.disciplineId,
      changes: changedFields(current.fields, r.changes),
      version: r.version,
    });
  }
  return listed;
}

/**
 * Decides a pending revision once, in the version the admin saw (the conditional update lets one of two
 * concurrent decisions through, and none once a later edit rewrote it): approving applies it through
 * the item's own update in the same transaction, so that an update the item refuses now leaves the
 * revision pending; rejecting leaves the item as it is. The item's lock comes first, as for an edit.
 */
export async function decideRevision(
  db: Db,
  id: string,
  { decision, version }: ApprovalDecision,
  admin: Admin,
): Promise<{ unusedFiles: string[] } | Exclude<Decided, 'done'>> {
  return db.transaction().execute(async (tx) => {
    const queued = await tx.selectFrom('pending_revisions').select(['item_type', 'item_id', 'status']).where('id', '=', id).executeTakeFirst();
    if (!queued) return 'not-found';
    if (queued.status === 'pending') await lockItem(tx, { type: queued.item_type as ApprovableType, id: queued.item_id });
    const decided = await tx
      .updateTable('pending_revisions')
      .set({ status: decision, decided_by: admin.id, decided_at: sql`now()` })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('version', '=', version)
      .returning(['item_type', 'item_id', 'changes'])
      .executeTakeFirst();
    if (!decided) {
      const now = await tx.selectFrom('pending_revisions').select('status').where('id', '=', id).executeTakeFirst();
      return !now ? 'not-found' : now.status === 'pending' ? 'stale' : 'already-decided';
    }
    const revisable = REVISABLE[decided.item_type as ApprovableType];
    const changes = decided.changes as Record<string, unknown>;
    const files = (revisable.files ?? []).filter((field) => field in changes);
    // Approved, the files it replaces are unused; rejected, the ones it proposed.
    const replaced = decision === 'approved' && files.length ? (await revisable.current(tx, decided.item_id, admin))?.fields : changes;
    if (decision === 'approved') await revisable.apply(tx, decided.item_id, changes as never, admin);
    const unusedFiles = files.map((field) => replaced?.[field]).filter((url): url is string => typeof url === 'string');
    return { unusedFiles };
  });
}
