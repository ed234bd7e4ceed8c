import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';
import { ORIGIN } from '../test/content-kit.ts';
import { RELAXED_LIMITS, signUpVerified, uniqueEmail, type TestApp } from '../test/test-app.ts';
import { useTestApp } from '../test/use-test-app.ts';

/**
 * Issue 37, hole 3: nothing a stranger can send makes the server a mail cannon aimed at someone else's
 * address. Sign-up mails (the warning to a taken address, the confirmation of a new or unconfirmed one)
 * are capped at 3 per address an hour whatever client sends them, and the sign-ups past the cap answer
 * exactly as the others. A name typed at sign-up never reaches a mailbox whose owner did not confirm it.
 * Team invitations tell one person about at most a few of them an hour.
 */
const t = useTestApp();

const SPAM_NAME = 'Claim your prize at evil.example';

function signUp(email: string, client: number, name = SPAM_NAME) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress: `203.0.113.${client}`,
    headers: { origin: ORIGIN },
    payload: { name, email, password: 'attacker password' },
  });
}

/** What a client can see of an answer. */
const seen = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  body: res.body,
  cookie: res.headers['set-cookie'],
  type: res.headers['content-type'],
});

const mailsTo = (app: TestApp, email: string) => app.mails.filter((m) => m.to === email);
const mailText = (m: { subject: string; text: string; html?: string }) => `${m.subject}\n${m.text}\n${m.html ?? ''}`;

describe('sign-up mails are capped per address, not per client', () => {
  test('12 sign-ups of a confirmed address from 12 clients: 3 warnings, 12 identical answers', async () => {
    // An owner who confirmed long ago: this hour's sign-up mails to the address begin with the attack.
    const owner = uniqueEmail('confirmed-victim');
    await t.app.db.insertInto('profiles').values({ id: randomUUID(), name: 'Victim Owner', email: owner, email_verified: true }).execute();
    const answers = [];
    for (let i = 1; i <= 12; i++) answers.push(seen(await signUp(owner, i)));
    expect(answers[0]!.status).toBe(200);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const warnings = mailsTo(t, owner);
    expect(warnings).toHaveLength(3);
    for (const mail of warnings) {
      expect(mail.subject).toMatch(/tried to register/);
      expect(mail.text).toMatch(/^Hi Victim Owner,/);
      expect(mailText(mail)).not.toMatch(/prize|evil\.example/);
    }
  });

  test('8 sign-ups of an unconfirmed address: 3 confirmations, none with the chosen name, the 4th on changes nothing', async () => {
    const email = uniqueEmail('unconfirmed-victim');
    const answers = [];
    for (let i = 1; i <= 3; i++) answers.push(seen(await signUp(email, 20 + i, `${SPAM_NAME} ${i}`)));
    const stored = await t.app.db.selectFrom('profiles').select(['id', 'name', 'updated_at']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(stored.name).toBe(`${SPAM_NAME} 3`);
    for (let i = 4; i <= 8; i++) answers.push(seen(await signUp(email, 20 + i, `${SPAM_NAME} ${i}`)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);

    const confirmations = mailsTo(t, email);
    expect(confirmations).toHaveLength(3);
    for (const mail of confirmations) {
      expect(mail.subject).toMatch(/Confirm/);
      expect(mailText(mail)).not.toMatch(/prize|evil\.example/);
    }
    // Past the cap nothing of the sign-up is stored: the name and password of the third stand, and
    // the third's link still confirms.
    expect(await t.app.db.selectFrom('profiles').select(['id', 'name', 'updated_at']).where('email', '=', email).executeTakeFirstOrThrow()).toEqual(stored);
    const token = new URL(confirmations[2]!.link!).searchParams.get('token');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      remoteAddress: '203.0.113.40',
      payload: { token, password: 'attacker password' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  test('a password reset of an unconfirmed account does not greet with the name chosen at sign-up', async () => {
    const email = uniqueEmail('unconfirmed-reset');
    expect((await signUp(email, 50)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: '203.0.113.51',
      headers: { origin: ORIGIN },
      payload: { email },
    });
    expect(res.statusCode, res.body).toBe(200);
    const reset = mailsTo(t, email).find((m) => /Reset/.test(m.subject));
    expect(reset).toBeDefined();
    expect(mailText(reset!)).not.toMatch(/prize|evil\.example/);
  });
});

describe('team invitations are capped per invited person', () => {
  const r = useTestApp(RELAXED_LIMITS);
  const call = (method: 'POST' | 'GET', url: string, cookie: string, payload?: unknown) =>
    r.app.inject({ method, url, headers: { origin: ORIGIN, cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

  test('8 teams inviting one person: each invitation is made and answered alike, the person is told of 5', async () => {
    const victim = await signUpVerified(r, { name: 'Invited Rider' });
    const leader = await signUpVerified(r, { name: 'Busy Leader' });
    const answers = [];
    for (let i = 1; i <= 8; i++) {
      const created = await call('POST', '/api/teams', leader.cookie, { name: `Crew number ${i}` });
      expect(created.statusCode, created.body).toBe(201);
      const teamId = (created.json() as { id: string }).id;
      await r.app.db.updateTable('teams').set({ status: 'approved' }).where('id', '=', teamId).execute();
      const res = await call('POST', `/api/teams/${teamId}/members`, leader.cookie, { userId: victim.id });
      answers.push({ status: res.statusCode, invited: (res.json() as { user: { id: string } }[]).map((i) => i.user.id) });
    }
    for (const answer of answers) expect(answer).toEqual({ status: 201, invited: [victim.id] });
    const invitations = await r.app.db.selectFrom('team_invitations').select('team_id').where('user_id', '=', victim.id).execute();
    expect(invitations).toHaveLength(8);
    const told = await r.app.db.selectFrom('notifications').select('id').where('user_id', '=', victim.id).where('type', '=', 'team_invite').execute();
    expect(told).toHaveLength(5);
  });
});
