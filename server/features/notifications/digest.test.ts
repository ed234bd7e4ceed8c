import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { translate } from '../../lib/mail-texts.ts';

const env = { NODE_ENV: 'test', AUTH_SECRET: 'test-secret-test-secret-test-secret-0123' } as const;

describe('digest texts from the web catalogues', () => {
  test('interpolates values and picks the language plural form', () => {
    expect(translate('en', 'notifications.text.like', { actor: 'Ann', item: 'Pipe' })).toBe('Ann liked Pipe');
    expect(translate('fr', 'notifications.email.subject', { count: 1 })).toBe('1 nouvelle notification sur Stoked');
    expect(translate('ru', 'notifications.email.subject', { count: 3 })).toBe('3 новых уведомления на Stoked');
    expect(translate('ru', 'notifications.email.subject', { count: 5 })).toBe('5 новых уведомлений на Stoked');
    expect(translate('ar', 'notifications.email.subject', { count: 2 })).toBe('إشعاران جديدان على Stoked');
  });

  test('a key missing in a language falls back to English, then to the key itself', () => {
    expect(translate('de', 'notifications.noSuchKey')).toBe('notifications.noSuchKey');
  });
});

describe('NOTIFICATION_DIGEST_MINUTES', () => {
  test('defaults to 60, 0 turns it off, anything else not a whole number of minutes stops the server', () => {
    expect(loadConfig({ ...env, DATA_DIR: '/tmp/stoked-digest-test' }).notificationDigestMinutes).toBe(60);
    expect(loadConfig({ ...env, DATA_DIR: '/tmp/stoked-digest-test', NOTIFICATION_DIGEST_MINUTES: '0' }).notificationDigestMinutes).toBe(0);
    for (const bad of ['-5', 'hourly', '1.5']) {
      expect(() => loadConfig({ ...env, DATA_DIR: '/tmp/stoked-digest-test', NOTIFICATION_DIGEST_MINUTES: bad }), bad).toThrow(ConfigError);
    }
  });
});

describe('the digest on the job queue', () => {
  test('every NOTIFICATION_DIGEST_MINUTES as a cron schedule', async () => {
    const { cronEvery } = await import('./digest.ts');
    expect(cronEvery(15)).toBe('*/15 * * * *');
    expect(cronEvery(60)).toBe('0 */1 * * *');
    expect(cronEvery(90)).toBe('0 */2 * * *');
    expect(cronEvery(360)).toBe('0 */6 * * *');
    expect(cronEvery(1440)).toBe('0 0 */1 * *');
    expect(cronEvery(10_080)).toBe('0 0 */7 * *');
  });
});
