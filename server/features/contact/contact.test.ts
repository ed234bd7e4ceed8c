import { describe, expect, test } from 'vitest';
import { signUpVerified, uniqueEmail } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp();

const valid = () => ({ name: 'Laird Hamilton', email: uniqueEmail('contact'), subject: 'Big wave spots', message: 'Please add Jaws to the map.' });

function send(payload: unknown, extra: { remoteAddress?: string; cookie?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: payload as Record<string, unknown>,
    ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
    headers: extra.cookie ? { cookie: extra.cookie } : {},
  });
}

async function messageCount(): Promise<number> {
  const row = await t.app.db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /api/contact', () => {
  test('a valid message → 201 with its id and a stored row', async () => {
    const body = valid();
    const res = await send(
      { ...body, email: `  ${body.email.toUpperCase()}  `, subject: ' Big\u200B wave spots ', message: 'Please add Jaws\r\nto the map.' },
      { remoteAddress: '192.0.2.1' },
    );
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const row = await t.app.db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
    expect(row).toMatchObject({
      name: body.name,
      email: body.email.toLowerCase(),
      subject: 'Big wave spots',
      message: 'Please add Jaws\nto the map.',
      user_id: null,
      read_at: null,
    });
  });

  test('a signed-in sender is linked to the message', async () => {
    const user = await signUpVerified(t);
    const res = await send(valid(), { remoteAddress: '192.0.2.2', cookie: user.cookie });
    expect(res.statusCode).toBe(201);
    const row = await t.app.db
      .selectFrom('contact_messages')
      .select('user_id')
      .where('id', '=', (res.json() as { id: string }).id)
      .executeTakeFirst();
    expect(row?.user_id).toBe(user.id);
  });

  test.each([
    ['name', { name: undefined }],
    ['email', { email: undefined }],
    ['subject', { subject: undefined }],
    ['message', { message: undefined }],
    ['message', { message: '   \n\t ' }],
    ['name', { name: '\u200B\u202E' }],
  ])('a missing or blank %s → 400 REQUIRED, nothing stored', async (field, change) => {
    const before = await messageCount();
    const res = await send({ ...valid(), ...change }, { remoteAddress: '192.0.2.3' });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; message: string; fields: Record<string, string> };
    expect(body.code).toBe('REQUIRED');
    expect(body.message).toEqual(expect.any(String));
    expect(body.fields).toMatchObject({ [field]: 'REQUIRED' });
    expect(await messageCount()).toBe(before);
  });

  test('an empty body → 400, every field reported, nothing stored', async () => {
    const before = await messageCount();
    const res = await send({}, { remoteAddress: '192.0.2.3' });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; fields: Record<string, string> };
    expect(body.code).toBe('REQUIRED');
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'message', 'name', 'subject']);
    expect(await messageCount()).toBe(before);
  });

  test('an invalid email → 400 INVALID_EMAIL, nothing stored', async () => {
    const before = await messageCount();
    const res = await send({ ...valid(), email: 'laird@' }, { remoteAddress: '192.0.2.3' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_EMAIL', fields: { email: 'INVALID_EMAIL' } });
    expect(await messageCount()).toBe(before);
  });

  test('an over-long subject → 400 TOO_LONG', async () => {
    const before = await messageCount();
    const res = await send({ ...valid(), subject: 's'.repeat(201) }, { remoteAddress: '192.0.2.3' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TOO_LONG' });
    expect(await messageCount()).toBe(before);
  });

  test('the 6th message from one IP within 10 minutes → 429, not stored', async () => {
    const remoteAddress = '192.0.2.99';
    const before = await messageCount();
    for (let i = 1; i <= 5; i++) {
      const res = await send(valid(), { remoteAddress });
      expect(res.statusCode, `message ${i}`).toBe(201);
    }
    const res = await send(valid(), { remoteAddress });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await messageCount()).toBe(before + 5);

    // Another address can still write.
    expect((await send(valid(), { remoteAddress: '192.0.2.100' })).statusCode).toBe(201);
  });
});
