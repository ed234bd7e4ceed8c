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
 * once. Under a transaction-level advisory lock, so that of several servers only one sends a batch.
 * Returns the number of mails sent.
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
      try {
        await app.mailer.send(
          composeMail(user.language, {
            to: user.email,
            subject: t('email.subject', { count: items.length }),
            paragraphs: [t('email.greeting', { name: user.name }), t('email.intro', { count: items.length }), ...lines],
            action: { label: translate(user.language, 'mail.digestAction'), url: app.config.publicUrl },
            after: [t('email.footer', { url: `${app.config.publicUrl}/profile` })],
          }),
        );
      } catch (error) {
        // Left unmarked, they go out with the next run.
        app.log.error({ err: error, userId }, 'notification digest not sent');
        continue;
      }
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

/** Runs the digest every `minutes` (0: never); the timer stops when the app closes. */
export function scheduleNotificationDigests(app: FastifyInstance, minutes: number): void {
  if (minutes <= 0) return;
  const timer = setInterval(() => {
    sendNotificationDigests(app).catch((error: unknown) => app.log.error({ err: error }, 'notification digest failed'));
  }, minutes * 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
