import { describe, expect, test } from 'vitest';
import { pushBrowser } from '../../test/push-receiver.ts';
import { RELAXED_LIMITS, signUpVerified } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { checkPushSettings } from './push.settings.ts';

/**
 * Issue 37: a server started with other VAPID keys or PUSH_SERVICES than the others took its share of
 * the queued pushes and delivered none of them, silently. Each subscription now records the key it
 * was made for, and a server says at start-up what it cannot deliver.
 */
const SERVICE = 'https://fcm.googleapis.com';

describe('a server whose push settings differ from those the browsers subscribed with says so', () => {
  const t = useTestApp({ ...RELAXED_LIMITS, pushServices: ['fcm.googleapis.com'] });

  test('a subscription records the key it was made for; the same settings warn of nothing', async () => {
    const rita = await signUpVerified(t, { name: 'Rita Keys' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push/devices',
      headers: { origin: t.config.publicUrl, cookie: rita.cookie },
      payload: pushBrowser(SERVICE).subscription,
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.app.db.selectFrom('push_subscriptions').select('vapid_public_key').where('user_id', '=', rita.id).executeTakeFirstOrThrow();
    expect(row.vapid_public_key).toBe(t.config.push!.publicKey);
    expect(await checkPushSettings(t.app)).toEqual([]);
  });

  test('browsers subscribed with another key, or at a push service this server does not allow, are counted in a warning', async () => {
    const ines = await signUpVerified(t, { name: 'Ines Elsewhere' });
    const other = {
      user_id: ines.id,
      session_id: (await t.app.db.selectFrom('sessions').select('id').where('user_id', '=', ines.id).executeTakeFirstOrThrow()).id,
      p256dh: 'p',
      auth: 'a',
    };
    await t.app.db
      .insertInto('push_subscriptions')
      .values([
        { ...other, endpoint: `${SERVICE}/fcm/send/other-key`, vapid_public_key: 'BAnotherServersKey' },
        { ...other, endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/x', vapid_public_key: t.config.push!.publicKey },
      ])
      .execute();
    const warnings = await checkPushSettings(t.app);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^1 browsers subscribed with another VAPID public key/);
    expect(warnings[1]).toMatch(
      /^1 browsers subscribed at push services not in this server's PUSH_SERVICES \(https:\/\/updates\.push\.services\.mozilla\.com\)/,
    );
  });
});

describe('a server without VAPID keys', () => {
  const off = useTestApp({ ...RELAXED_LIMITS, push: undefined });
  test('says that it drops the pushes it takes while browsers are subscribed', async () => {
    expect(await checkPushSettings(off.app)).toEqual([]);
    const rita = await signUpVerified(off, { name: 'Rita Keyless' });
    const session = await off.app.db.selectFrom('sessions').select('id').where('user_id', '=', rita.id).executeTakeFirstOrThrow();
    await off.app.db
      .insertInto('push_subscriptions')
      .values({ user_id: rita.id, session_id: session.id, endpoint: `${SERVICE}/fcm/send/x`, p256dh: 'p', auth: 'a' })
      .execute();
    const [warning] = await checkPushSettings(off.app);
    expect(warning).toMatch(/^push is off on this server \(no VAPID keys\) while 1 browsers are subscribed/);
  });
});
