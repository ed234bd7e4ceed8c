import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { logSerializers, redactUrl } from './log-redaction.ts';

describe('the request log', () => {
  test('a calendar feed token and a link token never reach it; other addresses stay as they are', () => {
    expect(redactUrl('/api/calendar/Zm9vYmFyLXNlY3JldA.ics')).toBe('/api/calendar/[secret]');
    expect(redactUrl('/confirm-email?token=abc.def&next=%2F')).toBe('/confirm-email?token=[secret]&next=%2F');
    expect(redactUrl('/reset-password?lang=fr&TOKEN=abc')).toBe('/reset-password?lang=fr&TOKEN=[secret]');
    expect(redactUrl('/api/auth/reset-password/Abc123?callbackURL=%2Freset-password')).toBe('/api/auth/reset-password/[secret]?callbackURL=%2Freset-password');
    expect(redactUrl('/%61pi/calendar/Zm9vYmFy.ics')).toBe('/api/calendar/[secret]');
    expect(redactUrl('/api/events/42/calendar.ics?page=2')).toBe('/api/events/42/calendar.ics?page=2');
  });

  test("Fastify's request log, with these serializers, writes the address redacted", async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
    const app = Fastify({ logger: { level: 'info', stream, serializers: logSerializers } });
    app.get('/api/calendar/:token', async () => 'ok');
    await app.inject({ method: 'GET', url: '/api/calendar/very-secret-token.ics' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/api/calendar/[secret]');
    expect(log).not.toContain('very-secret-token');
  });
});
