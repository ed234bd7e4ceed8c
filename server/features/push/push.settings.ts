import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { isPushService } from './push.send.ts';

/**
 * Several servers take queued pushes from one queue, so they must share the VAPID keys and
 * PUSH_SERVICES (README, "Several servers"). A process with other settings takes its share like the
 * rest and cannot deliver it: a push service refuses a push signed with another key than the one its
 * browser subscribed with, a service outside PUSH_SERVICES is never sent to, and a process without
 * keys empties what it takes. Each pushed notification is still in the bell, so nothing fails loudly:
 * this says so at start-up, once, from the subscriptions the database holds (issue 37). Returns the
 * warnings logged.
 */
export async function checkPushSettings(app: FastifyInstance): Promise<string[]> {
  const { rows } = await sql<{ key: string | null; origin: string | null; n: number }>`
    select vapid_public_key as key, substring(endpoint from '^[a-z]+://[^/]+') as origin, count(*)::int as n
    from push_subscriptions group by 1, 2`.execute(app.db);
  if (rows.length === 0) return [];
  const mine = app.config.push?.publicKey;
  const count = (keep: (row: (typeof rows)[number]) => boolean) => rows.filter(keep).reduce((total, row) => total + row.n, 0);
  const warnings: string[] = [];
  if (!mine) {
    warnings.push(
      `push is off on this server (no VAPID keys) while ${count(() => true)} browsers are subscribed: the pushes it takes from the queue are dropped. Give every server the same VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.`,
    );
  } else {
    const otherKey = count((row) => row.key !== null && row.key !== mine);
    if (otherKey > 0) {
      warnings.push(
        `${otherKey} browsers subscribed with another VAPID public key than this server's: every push this server sends them is refused. Give every server the same VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.`,
      );
    }
  }
  const outside = rows.filter((row) => row.origin !== null && !isPushService(`${row.origin}/`, app.config.pushServices));
  if (outside.length > 0) {
    const origins = [...new Set(outside.map((row) => row.origin))].join(', ');
    warnings.push(
      `${count((row) => outside.includes(row))} browsers subscribed at push services not in this server's PUSH_SERVICES (${origins}): it never pushes to them. Give every server the same PUSH_SERVICES.`,
    );
  }
  for (const warning of warnings) app.log.warn(warning);
  return warnings;
}

/** Checked once the server is ready; a database away then is no reason to stop it. */
export function checkPushSettingsAtStart(app: FastifyInstance): void {
  app.addHook('onReady', async () => {
    await checkPushSettings(app).catch((error: unknown) => app.log.warn({ err: error }, 'push settings not checked'));
  });
}
