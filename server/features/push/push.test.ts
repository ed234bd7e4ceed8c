import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { PUSH_DEVICES_MAX, type PushDevices } from '../../../common/push.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { pushBrowser, startPushReceiver, verifyVapid } from '../../test/push-receiver.ts';
import { callerOf, cookieOf, RELAXED_LIMITS, signUpVerified } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { deviceOf } from './device-label.ts';
import { isPushService, pushNotification, sendQueuedPushes } from './push.send.ts';

const gone = new Set<string>();
const hanging = new Set<string>();
const failing = new Set<string>();
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
beforeAll(async () => {
  receiver = await startPushReceiver((p) => (hanging.has(p) ? null : gone.has(p) ? 410 : failing.has(p) ? 503 : 201));
});
afterAll(() => receiver.close());

const t = useTestApp(() => ({ ...RELAXED_LIMITS, pushServices: ['fcm.googleapis.com', receiver.origin] }));
const call = callerOf(() => t);
type User = Awaited<ReturnType<typeof signUpVerified>>;
const user = (name: string) => signUpVerified(t, { name });

const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

async function subscribe(who: User, browser = pushBrowser(receiver.origin), userAgent = CHROME_ANDROID) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/push/devices',
    headers: { origin: t.config.publicUrl, cookie: who.cookie, 'user-agent': userAgent },
    payload: browser.subscription,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { browser, id: (res.json() as { id: string }).id };
}

const devices = async (who: User) => (await call('GET', '/api/push/devices', who)).json() as PushDevices;
const rowCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('push_subscriptions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const pushBy = async (who: User, types: Record<string, string>) =>
  expect((await call('PUT', '/api/notifications/preferences', who, types)).statusCode).toBe(200);
const follow = async (who: User, whom: User) => expect((await call('PUT', `/api/profiles/${whom.id}/follow`, who)).statusCode).toBe(200);
const receivedAt = (p: string) => receiver.received.filter((r) => r.path === p);

beforeEach(() => {
  receiver.received.length = 0;
});

describe('devices', () => {
  test('a visitor has none to list or add; a person sees the server key and their devices', async () => {
    expect((await call('GET', '/api/push/devices', null)).statusCode).toBe(401);
    expect((await call('POST', '/api/push/devices', null, pushBrowser(receiver.origin).subscription)).statusCode).toBe(401);
    const rita = await user('Rita Devices');
    expect(await devices(rita)).toEqual({ publicKey: t.config.push!.publicKey, devices: [] });
    const { id } = await subscribe(rita);
    expect((await devices(rita)).devices).toEqual([
      { id, browser: 'Chrome', system: 'Android', createdAt: expect.any(String), lastPushAt: null, current: true },
    ]);
  });

  test('a subscription aimed anywhere but a push service, or malformed, is refused and nothing is stored', async () => {
    const rita = await user('Rita Refused');
    const good = pushBrowser(receiver.origin).subscription;
    const before = await rowCount();
    for (const endpoint of [
      'http://10.0.0.5/push/x',
      'https://evil.example/push',
      'https://fcm.googleapis.com.evil.example/x',
      'http://fcm.googleapis.com/x',
      'https://u:p@fcm.googleapis.com/x',
    ]) {
      const res = await call('POST', '/api/push/devices', rita, { ...good, endpoint });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json(), endpoint).toMatchObject({ code: 'PUSH_SERVICE_NOT_ALLOWED' });
    }
    for (const payload of [
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(4) } },
      { ...good, keys: { ...good.keys, auth: 'short' } },
      { endpoint: good.endpoint },
    ]) {
      const res = await call('POST', '/api/push/devices', rita, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const script = await call('POST', '/api/push/devices', rita, { ...good, endpoint: 'javascript:alert(1)' });
    expect(script.json()).toMatchObject({ code: 'INVALID_URL' });
    expect(await rowCount()).toBe(before);
  });

  test("only one's own device can be revoked", async () => {
    const [rita, otto] = [await user('Rita Own'), await user('Otto Own')];
    const { id } = await subscribe(rita);
    for (const bad of [id, 'abc', '0', '99999999999']) expect((await call('DELETE', `/api/push/devices/${bad}`, otto)).statusCode, bad).toBe(404);
    expect((await devices(rita)).devices).toHaveLength(1);
    expect((await call('DELETE', `/api/push/devices/${id}`, rita)).statusCode).toBe(204);
    expect((await devices(rita)).devices).toEqual([]);
  });

  test('a device is revoked by a plain form too, back with a message', async () => {
    const rita = await user('Rita Form');
    const { id } = await subscribe(rita);
    const res = await t.app.inject({
      method: 'POST',
      url: '/actions/revoke-push-device',
      headers: { origin: t.config.publicUrl, cookie: rita.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ id, back: '/profile?tab=settings' }).toString(),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/profile?tab=settings');
    const flash = /stoked-flash=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1];
    expect(JSON.parse(decodeURIComponent(flash ?? '{}'))).toMatchObject({ kind: 'success', title: 'push.revoked' });
    expect((await devices(rita)).devices).toEqual([]);
  });

  test('a browser another account subscribes on is taken over; past the limit the longest unused goes', async () => {
    const [rita, otto] = [await user('Rita Shared'), await user('Otto Shared')];
    const shared = await subscribe(rita);
    await subscribe(otto, shared.browser);
    expect((await devices(rita)).devices).toEqual([]);
    expect((await devices(otto)).devices).toHaveLength(1);

    const first = await subscribe(rita);
    for (let i = 0; i < PUSH_DEVICES_MAX; i += 1) await subscribe(rita);
    const kept = (await devices(rita)).devices;
    expect(kept).toHaveLength(PUSH_DEVICES_MAX);
    expect(kept.map((d) => d.id)).not.toContain(first.id);
  });

  test('the device list names browsers and systems', () => {
    expect(deviceOf(CHROME_ANDROID)).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(
      deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'),
    ).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toEqual({
      browser: 'Edge',
      system: 'Windows',
    });
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toEqual({ browser: 'Firefox', system: 'Linux' });
    expect(deviceOf(undefined)).toEqual({ browser: null, system: null });
  });

  test('push services: https hosts and their subdomains, or exact origins', () => {
    const services = ['push.apple.com', 'http://127.0.0.1:9999'];
    expect(isPushService('https://web.push.apple.com/abc', services)).toBe(true);
    expect(isPushService('https://push.apple.com/abc', services)).toBe(true);
    expect(isPushService('http://web.push.apple.com/abc', services)).toBe(false);
    expect(isPushService('https://notpush.apple.com/abc', services)).toBe(false);
    expect(isPushService('http://127.0.0.1:9999/x', services)).toBe(true);
    expect(isPushService('http://127.0.0.1:9998/x', services)).toBe(false);
    expect(isPushService('not a url', services)).toBe(false);
  });
});

describe('sending', () => {
  test("a type chosen for push reaches every device, encrypted, signed, in the person's language, with only what the bell shows", async () => {
    const [rita, otto] = [await user('Rita Pushed'), await user('Otto Follower')];
    await pushBy(rita, { follower: 'push' });
    const phone = await subscribe(rita);
    const laptop = await subscribe(rita, pushBrowser(receiver.origin), 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0');
    await follow(otto, rita);
    expect(await sendQueuedPushes(t.app)).toBe(2);

    for (const device of [phone, laptop]) {
      const [push] = receivedAt(device.browser.path);
      expect(push, 'pushed to each device').toBeDefined();
      expect(push!.headers['content-encoding']).toBe('aes128gcm');
      expect(push!.headers.ttl).toBe('86400');
      expect(verifyVapid(push!.headers.authorization, t.config.push!.publicKey, receiver.origin).sub).toMatch(/^mailto:/);
      const payload = JSON.parse(device.browser.decrypt(push!.body)) as Record<string, unknown>;
      expect(payload).toEqual({
        title: 'Stoked',
        body: 'Otto Follower started following you',
        url: `${t.config.publicUrl}/profile/${otto.id}`,
        tag: expect.stringMatching(/^notification-\d+$/),
        lang: 'en',
        dir: 'ltr',
      });
    }
    expect((await devices(rita)).devices.every((d) => d.lastPushAt !== null)).toBe(true);
    // Sent once: the queue is empty.
    expect(await sendQueuedPushes(t.app)).toBe(0);
  });

  test('in Arabic, right to left', async () => {
    const [rana, otto] = [await user('Rana'), await user('Otto')];
    await t.app.db.updateTable('profiles').set({ preferred_language: 'ar' }).where('id', '=', rana.id).execute();
    await pushBy(rana, { follower: 'push' });
    const phone = await subscribe(rana);
    await follow(otto, rana);
    await sendQueuedPushes(t.app);
    const payload = JSON.parse(phone.browser.decrypt(receivedAt(phone.browser.path)[0]!.body)) as { body: string; lang: string; dir: string };
    expect(payload).toMatchObject({ lang: 'ar', dir: 'rtl' });
    expect(payload.body).toContain('Otto');
    expect(payload.body).not.toContain('started following');
  });

  test('nothing is pushed for a type not chosen, a notification read meanwhile, a revoked device or a logged-out session', async () => {
    const [rita, otto, olga] = [await user('Rita Quiet'), await user('Otto Quiet'), await user('Olga Quiet')];
    const phone = await subscribe(rita);
    await follow(otto, rita);
    expect(await sendQueuedPushes(t.app)).toBe(0);

    await pushBy(rita, { follower: 'push' });
    await follow(olga, rita);
    expect((await call('POST', '/api/notifications/read-all', rita)).statusCode).toBe(204);
    expect(await sendQueuedPushes(t.app)).toBe(0);

    expect((await call('DELETE', `/api/push/devices/${phone.id}`, rita)).statusCode).toBe(204);
    await follow(olga, rita);
    await call('DELETE', `/api/profiles/${rita.id}/follow`, olga);
    expect(await sendQueuedPushes(t.app)).toBe(0);

    // A device of a session that logged out goes with the session.
    const tablet = await subscribe(rita);
    expect((await call('POST', '/api/auth/sign-out', rita, {})).statusCode).toBe(200);
    await follow(otto, rita);
    expect(await sendQueuedPushes(t.app)).toBe(0);
    expect(receivedAt(phone.browser.path).concat(receivedAt(tablet.browser.path))).toEqual([]);
  });

  test('a push queued for a type since switched away from push, for a person since banned, or to a service since struck off, is dropped', async () => {
    const [rita, otto, bea, bob] = [await user('Rita Switch'), await user('Otto Switch'), await user('Bea Banned'), await user('Bob Banned')];
    await pushBy(rita, { follower: 'push' });
    await pushBy(bea, { follower: 'push' });
    const phone = await subscribe(rita);
    const other = await subscribe(bea);
    await follow(otto, rita);
    await follow(bob, bea);
    await pushBy(rita, { follower: 'in_app' });
    await t.app.db.updateTable('profiles').set({ banned: true }).where('id', '=', bea.id).execute();
    expect(await sendQueuedPushes(t.app)).toBe(0);
    expect(receivedAt(phone.browser.path).concat(receivedAt(other.browser.path))).toEqual([]);
    // The service a device points at is checked again when sending, with the configuration of the day.
    await pushBy(rita, { follower: 'push' });
    await follow(bob, rita);
    const services = t.app.config.pushServices;
    t.app.config.pushServices = ['https://push.example'];
    try {
      expect(await sendQueuedPushes(t.app)).toBe(0);
    } finally {
      t.app.config.pushServices = services;
    }
    expect(receivedAt(phone.browser.path)).toEqual([]);
  });

  test('a push service that does not answer holds up only its own device; its pushes are tried again later', async () => {
    const [rita, otto, sara] = [await user('Rita Slow'), await user('Otto Slow'), await user('Sara Quick')];
    await pushBy(rita, { follower: 'push' });
    await pushBy(sara, { follower: 'push' });
    const slow = await subscribe(rita);
    hanging.add(slow.browser.path);
    const quick = await subscribe(sara);
    await follow(otto, rita);
    await follow(sara, rita);
    await follow(otto, sara);
    const started = Date.now();
    expect(await sendQueuedPushes(t.app, { timeoutMs: 400 })).toBe(1);
    // Two notifications for the silent device, side by side: one wait, not two, and Sara's push did not wait for it.
    expect(Date.now() - started).toBeLessThan(800);
    expect(receivedAt(slow.browser.path)).toHaveLength(2);
    expect(receivedAt(quick.browser.path)).toHaveLength(1);
    // Both wait for their retry in the job queue; the device that answered is not pushed again.
    const waiting = await t.app.db.selectFrom('sent_jobs').select('key').where('key', 'like', 'push:%').where('sent_at', 'is not', null).execute();
    expect(waiting.filter((k) => k.key.endsWith(`:${quick.id}`))).toHaveLength(1);
    expect(waiting.filter((k) => k.key.endsWith(`:${slow.id}`))).toEqual([]);
    expect((await t.app.jobs.counts()).find((c) => c.queue === 'push')!.waiting).toBeGreaterThanOrEqual(2);
  });

  test('a device of a session that expired is no longer listed, and the sender removes it', async () => {
    const [rita, otto] = [await user('Rita Expired'), await user('Otto Expired')];
    await pushBy(rita, { follower: 'push' });
    const phone = await subscribe(rita);
    const row = await t.app.db.selectFrom('push_subscriptions').select('session_id').where('user_id', '=', rita.id).executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', row.session_id)
      .execute();
    // The same person on another device, whose session is live.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: rita.email, password: rita.password } });
    const other = { ...rita, cookie: cookieOf(login) };
    expect((await devices(other)).devices).toEqual([]);
    await follow(otto, rita);
    expect(await sendQueuedPushes(t.app)).toBe(0);
    expect(receivedAt(phone.browser.path)).toEqual([]);
    expect(await t.app.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', rita.id).execute()).toEqual([]);
  });

  test('a push service answering 5xx is tried again by the job; a device already reached is not pushed twice', async () => {
    const [rita, otto] = [await user('Rita Retried'), await user('Otto Retried')];
    await pushBy(rita, { follower: 'push' });
    const [flaky, steady] = [await subscribe(rita), await subscribe(rita)];
    failing.add(flaky.browser.path);
    await follow(otto, rita);
    expect(await sendQueuedPushes(t.app)).toBe(1);
    const push = (await t.app.jobs.counts()).find((c) => c.queue === 'push')!;
    expect(push.waiting).toBeGreaterThanOrEqual(1);
    // The job's next run (after its backoff), as the worker would make it: the same notification and key.
    failing.delete(flaky.browser.path);
    const notification = await t.app.db.selectFrom('notifications').select('id').where('user_id', '=', rita.id).executeTakeFirstOrThrow();
    expect(await pushNotification(t.app, { notificationId: Number(notification.id), key: `push:${notification.id}` })).toBe(1);
    expect(receivedAt(flaky.browser.path)).toHaveLength(2);
    expect(receivedAt(steady.browser.path)).toHaveLength(1);
    // A run after that (a retried dead job, a crash before completion) sends nothing.
    expect(await pushNotification(t.app, { notificationId: Number(notification.id), key: `push:${notification.id}` })).toBe(0);
    expect(receivedAt(flaky.browser.path).concat(receivedAt(steady.browser.path))).toHaveLength(3);
  });

  test('a device its push service says is gone is removed', async () => {
    const [rita, otto] = [await user('Rita Gone'), await user('Otto Gone')];
    await pushBy(rita, { follower: 'push' });
    const phone = await subscribe(rita);
    gone.add(phone.browser.path);
    await follow(otto, rita);
    expect(await sendQueuedPushes(t.app)).toBe(0);
    expect(receivedAt(phone.browser.path)).toHaveLength(1);
    expect((await devices(rita)).devices).toEqual([]);
  });
});

describe('VAPID keys', () => {
  const env = { NODE_ENV: 'development', AUTH_SECRET: 'test-secret-test-secret-test-secret-0123' } as const;

  test('generated once into the data folder, kept across restarts', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stoked-vapid-'));
    const first = loadConfig({ ...env, DATA_DIR: dataDir }).push!;
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'vapid.json'), 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
    expect(loadConfig({ ...env, DATA_DIR: dataDir }).push).toEqual(first);
  });

  test('a damaged key file, or one whose keys are no pair, is replaced rather than stopping the start', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stoked-vapid-'));
    const file = path.join(dataDir, 'vapid.json');
    writeFileSync(file, '{"publicKey": ');
    const made = loadConfig({ ...env, DATA_DIR: dataDir }).push!;
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ publicKey: made.publicKey, privateKey: made.privateKey });
    const other = loadConfig({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'stoked-vapid-')) }).push!;
    writeFileSync(file, JSON.stringify({ publicKey: made.publicKey, privateKey: other.privateKey }));
    const replaced = loadConfig({ ...env, DATA_DIR: dataDir }).push!;
    expect(replaced.publicKey).not.toBe(made.publicKey);
    expect(replaced.privateKey).not.toBe(other.privateKey);
  });

  test('configured ones are checked; production without them has push off', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stoked-vapid-'));
    const made = loadConfig({ ...env, DATA_DIR: dataDir }).push!;
    const given = { VAPID_PUBLIC_KEY: made.publicKey, VAPID_PRIVATE_KEY: made.privateKey, VAPID_SUBJECT: 'https://stoked.example' };
    expect(loadConfig({ ...env, DATA_DIR: dataDir, ...given }).push).toEqual({ ...made, subject: 'https://stoked.example' });
    expect(() => loadConfig({ ...env, DATA_DIR: dataDir, VAPID_PUBLIC_KEY: made.publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, DATA_DIR: dataDir, ...given, VAPID_PRIVATE_KEY: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, DATA_DIR: dataDir, ...given, VAPID_SUBJECT: 'http://stoked.example' })).toThrow(ConfigError);
    // Two valid keys that are not a pair.
    const other = loadConfig({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'stoked-vapid-')) }).push!;
    expect(() => loadConfig({ ...env, DATA_DIR: dataDir, ...given, VAPID_PRIVATE_KEY: other.privateKey })).toThrow(/not the public key/);
    expect(loadConfig({ ...env, NODE_ENV: 'production', DATA_DIR: dataDir }).push).toBeUndefined();
  });
});

test('PUSH_SERVICES: host names or origins, lower-cased; anything else stops the server', () => {
  const env = {
    NODE_ENV: 'test',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'stoked-push-')),
  } as const;
  expect(loadConfig({ ...env, PUSH_SERVICES: ' FCM.googleapis.com , http://127.0.0.1:9999 ' }).pushServices).toEqual([
    'fcm.googleapis.com',
    'http://127.0.0.1:9999',
  ]);
  for (const bad of ['https://fcm.googleapis.com/path', 'not a host', 'ftp://x.example', 'localhost'])
    expect(() => loadConfig({ ...env, PUSH_SERVICES: bad }), bad).toThrow(ConfigError);
});

describe('push off', () => {
  const off = useTestApp({ ...RELAXED_LIMITS, push: undefined });
  test('no key is offered and a subscription is answered 503 SERVICE_UNAVAILABLE', async () => {
    const rita = await signUpVerified(off, { name: 'Rita Off' });
    const res = await callerOf(() => off)('POST', '/api/push/devices', rita, pushBrowser('https://fcm.googleapis.com').subscription);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(((await callerOf(() => off)('GET', '/api/push/devices', rita)).json() as PushDevices).publicKey).toBeNull();
  });

  test('what was queued while push was on is emptied, not sent', async () => {
    const rita = await signUpVerified(off, { name: 'Rita Queued' });
    const row = await off.app.db.insertInto('notifications').values({ user_id: rita.id, type: 'follower' }).returning('id').executeTakeFirstOrThrow();
    await off.app.db
      .insertInto('push_queue')
      .values({ notification_id: Number(row.id) })
      .execute();
    expect(await sendQueuedPushes(off.app)).toBe(0);
    expect(await off.app.db.selectFrom('push_queue').selectAll().execute()).toEqual([]);
  });
});
