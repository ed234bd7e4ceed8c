import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { linkIn, startSmtpReceiver, type SmtpReceiver } from '../../test/smtp.ts';
import { cookieOf, createTestApp, RELAXED_LIMITS, uniqueEmail, type TestApp } from '../../test/test-app.ts';
import { authMails } from './auth-mails.ts';

// Issue 39, item 5: account mails delivered for real. The app is given SMTP_URL (config.smtpUrl)
// pointing at a real SMTP server in a process of its own (server/test/smtp.ts), and each test reads
// what that server received, as the person's mailbox would; without SMTP_URL the file outbox.

const PASSWORD = 'ride the mail 2026';

const signUp = (t: TestApp, email: string, name = 'Mail Rider') =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { name, email, password: PASSWORD } });

const confirm = (t: TestApp, link: URL, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token: link.searchParams.get('token'), password } });

async function me(t: TestApp, cookie: string) {
  return (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json() as { user: { email: string } | null };
}

describe('over SMTP (a real SMTP server in its own process)', () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ ...RELAXED_LIMITS, smtpUrl: smtp.url }, { configuredMailer: true });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** Signs up and confirms through the mail the SMTP server received: the new account's session cookie. */
  async function confirmedAccount(email: string): Promise<string> {
    expect((await signUp(t, email)).statusCode).toBe(200);
    const mail = await smtp.waitForMail(email);
    const confirmed = await confirm(t, linkIn(mail, '/confirm-email')!);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return cookieOf(confirmed);
  }

  test('sign-up: the confirmation mail arrives over SMTP, and its link (with the password) confirms and signs in', async () => {
    const email = uniqueEmail('smtp');
    expect((await signUp(t, email)).statusCode).toBe(200);

    const mail = await smtp.waitForMail(email);
    expect(mail.envelopeTo).toEqual([email]);
    expect(mail.envelopeFrom).toBe('no-reply@stoked.local');
    expect(mail.from).toEqual(['no-reply@stoked.local']);
    expect(mail.to).toEqual([email]);
    expect(mail.messageId).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
    const link = linkIn(mail, '/confirm-email');
    expect(link?.origin).toBe(t.config.publicUrl);
    // The same mail the app composed, in the registrant's language, both parts through the wire.
    const composed = authMails.confirmation({ to: email, language: 'en' }, link!.href);
    expect(mail.subject).toBe(composed.subject);
    expect(mail.text.trim()).toBe(composed.text.trim());
    expect(mail.html).toContain(link!.href.replace(/&/g, '&amp;'));

    // Not confirmed yet: no session until the link is used with the password.
    const early = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: PASSWORD } });
    expect(early.statusCode).toBe(403);
    expect((await confirm(t, link!, 'not the password 1')).statusCode).toBe(401);
    const confirmed = await confirm(t, link!);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await me(t, cookieOf(confirmed))).user?.email).toBe(email);
    // With SMTP configured nothing goes to the file outbox.
    expect(existsSync(path.join(t.config.dataDir, 'mail'))).toBe(false);
  });

  test('password reset: the mail arrives over SMTP in the account’s language, and its link sets a new password', async () => {
    const email = uniqueEmail('smtp-reset');
    const cookie = await confirmedAccount(email);
    await t.app.db.updateTable('profiles').set({ preferred_language: 'de' }).where('email', '=', email).execute();

    const asked = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
    expect(asked.statusCode).toBe(200);
    const mail = await smtp.waitForMail(email, { count: 2 });
    // UTF-8 in the subject and the text, decoded as a mail program would.
    expect(mail.subject).toBe('Setze dein Stoked-Passwort zurück');
    expect(mail.text).toContain('Hallo Mail Rider,');
    const link = linkIn(mail, '/api/auth/reset-password/')!;
    expect(link).toBeDefined();

    const landing = await t.app.inject({ url: link.pathname + link.search });
    expect(landing.statusCode).toBe(302);
    const token = new URL(landing.headers.location as string, t.config.publicUrl).searchParams.get('token');
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'a new mail line 7' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await me(t, cookie)).user).toBeNull();
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: 'a new mail line 7' } });
    expect(login.statusCode).toBe(200);
    // Two mails to the address in all (confirmation, reset), each its own Message-ID.
    const both = smtp.mailsTo(email);
    expect(both).toHaveLength(2);
    expect(new Set(both.map((m) => m.messageId)).size).toBe(2);
  });

  test('an unknown address asks for a reset: the request answers alike and the SMTP server receives nothing for it', async () => {
    const nobody = uniqueEmail('nobody');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: nobody } });
    expect(res.statusCode).toBe(200);
    // A mail asked for later has arrived: one for the unknown address would have come by then (sent
    // at once, or by the job queue, which takes older jobs first), so no fixed wait is needed.
    const later = uniqueEmail('after-nobody');
    expect((await signUp(t, later)).statusCode).toBe(200);
    await smtp.waitForMail(later);
    expect(smtp.mailsTo(nobody)).toEqual([]);
  });
});

describe('without SMTP_URL (the newcomer’s default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(RELAXED_LIMITS, { configuredMailer: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  test('the confirmation mail is written to DATA_DIR/mail as an .eml file, and its link confirms', async () => {
    const email = uniqueEmail('outbox');
    expect((await signUp(t, email)).statusCode).toBe(200);
    const dir = path.join(t.config.dataDir, 'mail');
    const deadline = Date.now() + 15_000;
    let files: string[] = [];
    while (files.length === 0 && Date.now() < deadline) {
      files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(`-${email}.eml`)) : [];
      if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(readFileSync(path.join(dir, files[0]!)));
    expect(parsed.messageId).toMatch(/^<.+@.+>$/);
    const link = (parsed.text ?? '').match(/https?:\/\/\S+\/confirm-email\?token=\S+/)?.[0];
    expect(link).toBeDefined();
    const confirmed = await confirm(t, new URL(link!));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await me(t, cookieOf(confirmed))).user?.email).toBe(email);
  });
});
