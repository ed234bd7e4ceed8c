import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { LanguageCode } from '../../../common/languages.ts';
import { notificationPath } from '../../../common/notifications.ts';
import { composeMail, mailLanguage, translate } from '../../lib/mail-texts.ts';
import { loadNotifications } from '../../lib/notifications.ts';
import { notificationSentence } from './notification-sentence.ts';

// Any fixed number: the key of the advisory lock that lets one server at a time send a batch.
const DIGEST_LOCK = 80_080_008;
// One run mails at most this many notifications; the rest wait for the next run.
const BATCH = 2000;

/**
 * One mail per user listing the notifications not mailed yet of the types they get by e-mail
 * (unread ones only: what was read in the app needs no mail), in their language; each is mailed
 * once. The mails are queued (the `mail` job queue) in the transaction that marks the notifications
 * mailed: both happen or neither, and no mail is sent while it is open. Under a transaction-level
 * advisory lock, so that two runs at once (a schedule and a direct call) never queue the same ones.
 * Returns the number of mails queued.
 */
export async function sendNotificationDigests(app: FastifyInstance): Promise<number> {
  return app.db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${DIGEST_LOCK}) as locked`.execute(tx);
    if (!rows[0]?.locked) return 0;
    const pending = await tx
      .selectFrom('notifications as n')
      .innerJoin('notification_preferences as p', (join) => join.onRef('p.user_id', '=', 'n.user_id').onRef('p.type', '=', 'n.type'))
      .innerJoin('profiles as u', 'u.id', 'n.user_id')
      .where('p.channel', '=', 'email')
      .where('n.emailed_at', 'is', null)
      .where('n.read_at', 'is', null)
      .where('u.banned', '=', false)
      .select(['n.id', 'n.user_id', 'u.email', 'u.name', 'u.preferred_language'])
      .orderBy('n.id')
      .limit(BATCH)
      .execute();
    const byUser = new Map<string, { email: string; name: string; language: LanguageCode; ids: number[] }>();
    for (const row of pending) {
      const language = mailLanguage(row.preferred_language);
      const entry = byUser.get(row.user_id) ?? { email: row.email, name: row.name, language, ids: [] };
      entry.ids.push(Number(row.id));
      byUser.set(row.user_id, entry);
    }
    let sent = 0;
    for (const [userId, user] of byUser) {
      const items = await loadNotifications(tx, userId, { ids: user.ids, limit: user.ids.length });
      const t = (key: string, values?: Record<string, string | number>) => translate(user.language, `notifications.${key}`, values);
      const lines = items.map((n) => {
        const target = notificationPath(n);
        const text = notificationSentence(user.language, n);
        return `• ${text}${target ? `\n  ${app.config.publicUrl}${target}` : ''}`;
      });
      // The key names the notifications the mail is about: queued again (it cannot be, they are marked
      // in the same transaction), it would still be sent once.
      await app.mailer.send(
        composeMail(user.language, {
          to: user.email,
          subject: t('email.subject', { count: items.length }),
          paragraphs: [t('email.greeting', { name: user.name }), t('email.intro', { count: items.length }), ...lines],
          action: { label: translate(user.language, 'mail.digestAction'), url: app.config.publicUrl },
          after: [t('email.footer', { url: `${app.config.publicUrl}/profile` })],
        }),
        { db: tx, key: `digest:${userId}:${user.ids[0]}-${user.ids.at(-1)}:${user.ids.length}` },
      );
      await tx
        .updateTable('notifications')
        .set({ emailed_at: sql`now()` })
        .where('id', 'in', user.ids)
        .execute();
      sent += 1;
    }
    return sent;
  });
}

export const DIGEST_QUEUE = 'digest';

/**
 * The digest as a scheduled job: every `minutes` (0: never), as a cron schedule of the job queue, so
 * that of several processes one runs it per slot (cronEvery). A failed run is tried again soon; the
 * next slot would catch up anyway.
 */
export function defineNotificationDigests(app: FastifyInstance, minutes: number, scheduled: boolean): void {
  app.jobs.define(DIGEST_QUEUE, {
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryDelayMaxSeconds: 300,
    expireInSeconds: 10 * 60,
    cron: scheduled && minutes > 0 ? cronEvery(minutes) : undefined,
    work: () => sendNotificationDigests(app),
  });
}

/**
 * A cron expression for "every `minutes`". Cron counts within the hour and the day: under an hour the
 * period restarts each hour (45: at :00 and :45), above it is rounded to whole hours (90: every 2
 * hours), and from a day on to whole days.
 */
export function cronEvery(minutes: number): string {
  if (minutes < 60) return `*/${minutes} * * * *`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `0 */${hours} * * *`;
  return `0 0 */${Math.round(hours / 24)} * *`;
}
