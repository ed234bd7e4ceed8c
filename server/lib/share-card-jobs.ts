import type { FastifyInstance } from 'fastify';
import type { ShareCardType } from '../../common/share-cards.ts';

/**
 * The queue that draws share cards ahead of the crawlers (issue 39; docs/decisions/0019-job-queue.md,
 * "Share cards"). Its worker is the share-cards feature's (server/features/share-cards); what changes
 * an item's card only queues it, here, so that no request waits for a drawing.
 */
export const SHARE_CARD_QUEUE = 'share-card';

export type ShareCardJob = { type: ShareCardType; id: string };

/** The fields of an item, team or profile that its card shows (share-cards.card.ts): another edit draws nothing new. */
const SHOWN_FIELDS = ['name', 'title', 'productName', 'location', 'startDate', 'disciplineId'];

/**
 * Queues the drawing of the card of `type` `id` as the public now sees it; `changes`: the fields an edit
 * sent, when nothing the card shows is among them nothing is queued. The job reads the item as a
 * visitor when it runs: one hidden by then draws nothing. A failed send is logged and never fails the
 * change it follows: the card is then drawn when first asked for, as before. Called once the change is
 * committed (its transaction is inside a database function that has no handle on the queue): a crash
 * between the two loses a warm-up, never a change, and a job never runs before its change is seen.
 */
export async function queueShareCard(app: FastifyInstance, type: ShareCardType, id: string, options: { changes?: object } = {}) {
  if (options.changes && !SHOWN_FIELDS.some((field) => field in options.changes!)) return;
  try {
    // One key per item: what the card shows is only known when it is drawn, and the stored file is
    // named by it (the job draws nothing when that file is there).
    await app.jobs.send<ShareCardJob>(SHARE_CARD_QUEUE, { type, id }, { key: `share-card:${type}:${id}` });
  } catch (error) {
    app.log.warn({ err: error, type, id }, 'share card not queued');
  }
}

/** The card of the item an approval made public or changed: `id` is its row of pending_approvals or pending_revisions. */
export async function queueApprovedShareCard(app: FastifyInstance, id: string) {
  const approved = (table: 'pending_approvals' | 'pending_revisions') =>
    app.db.selectFrom(table).select(['item_type', 'item_id']).where('id', '=', id).where('status', '=', 'approved');
  const item = await approved('pending_approvals').unionAll(approved('pending_revisions')).executeTakeFirst();
  if (item) await queueShareCard(app, item.item_type as ShareCardType, item.item_id);
}
