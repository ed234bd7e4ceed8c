import { describe, expect, test } from 'vitest';
import { FLASH_COOKIE, parseFlash } from '../../common/forms.ts';
import { useTestApp } from '../test/use-test-app.ts';

/**
 * A refused plain form keeps what was typed for the next page (server/lib/actions.ts, migration
 * 0031): each kept reply is up to a form's 64 KB, so one sender's refusals are kept a few dozen at a
 * time, then go back with their message only; a password is never kept.
 */
const t = useTestApp();

const refuse = (remoteAddress: string, message = 'x'.repeat(4000)) =>
  t.app.inject({
    method: 'POST',
    url: '/actions/contact',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.config.publicUrl },
    payload: new URLSearchParams({ name: 'Flood', email: 'not an address', subject: 'Hi', message, password: 'never kept' }).toString(),
  });
const flashOf = (res: Awaited<ReturnType<typeof refuse>>) => parseFlash(res.cookies.find((c) => c.name === FLASH_COOKIE)?.value);
const kept = () =>
  t.app.db
    .selectFrom('form_replies')
    .select(({ fn }) => fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();

describe('kept replies of refused forms', () => {
  test('one sender has 30 kept in ten minutes; the next refusals still say why, keeping nothing', async () => {
    const before = Number((await kept()).n);
    const answers = [];
    for (let i = 0; i < 32; i++) answers.push(await refuse('198.51.100.7'));
    expect(answers.every((res) => res.statusCode === 303 && flashOf(res)?.text === 'errors.INVALID_EMAIL')).toBe(true);
    expect(answers.filter((res) => flashOf(res)?.reply).length).toBe(30);
    expect(Number((await kept()).n) - before).toBe(30);
    // Another sender is not held back by the first.
    expect(flashOf(await refuse('198.51.100.8'))?.reply).toBeTruthy();
  });

  test('a reply holds what was typed and its errors, never a password', async () => {
    const id = flashOf(await refuse('198.51.100.9', 'Hello'))!.reply!;
    const row = await t.app.db.selectFrom('form_replies').select('reply').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.reply).toMatchObject({ values: { message: 'Hello', email: 'not an address' }, errors: { email: 'INVALID_EMAIL' } });
    expect(JSON.stringify(row.reply)).not.toContain('never kept');
  });
});
