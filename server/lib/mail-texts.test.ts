import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { authMails } from '../features/auth/auth-mails.ts';
import { composeMail } from './mail-texts.ts';

const en = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../web/locales/en.json'), 'utf8')) as Record<string, Record<string, unknown>>;

/** Every English mail sentence, cut at its {{values}} into the fixed parts a translation must not keep. */
function englishFragments(node: unknown): string[] {
  if (typeof node === 'string')
    return node
      .split(/\{\{\s*\w+\s*\}\}/)
      .map((s) => s.trim())
      .filter((s) => s.split(/\s+/).length >= 3);
  return node && typeof node === 'object' ? Object.values(node).flatMap(englishFragments) : [];
}
const ENGLISH = [...englishFragments(en.mail), ...englishFragments((en.notifications as Record<string, unknown>).email)];

const URL = 'https://stoked.example/confirm-email?token=abc&next=%2F';
const mails = (language: 'de' | 'ar') => {
  const to = { to: 'rider@example.com', name: 'Zoé', language };
  return {
    confirmation: authMails.confirmation(to, URL),
    passwordReset: authMails.passwordReset(to, URL),
    registerAttempt: authMails.registerAttempt(to, URL),
  };
};

describe('mails in the recipient’s language', () => {
  test.each(['de', 'ar'] as const)('%s: no English sentence, the link in both parts, a plain-text and an HTML part', (language) => {
    expect(ENGLISH.length).toBeGreaterThan(8);
    for (const [kind, mail] of Object.entries(mails(language))) {
      const english = ENGLISH.filter((sentence) => mail.subject.includes(sentence) || mail.text.includes(sentence) || mail.html!.includes(sentence));
      expect(english, kind).toEqual([]);
      expect(mail.text, kind).toContain(URL);
      expect(mail.html, kind).toContain(`href="${URL.replace(/&/g, '&#38;')}"`);
      expect(mail.html, kind).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
      // The confirmation goes to an address nobody confirmed yet: the name typed at sign-up stays out.
      if (kind === 'confirmation') expect(mail.text, kind).not.toContain('Zoé');
      else expect(mail.text, kind).toContain('Zoé');
    }
  });

  test('the English mails say what they are for (the test above compares against these)', () => {
    const mail = authMails.registerAttempt({ to: 'a@example.com', name: 'Ann', language: 'en' }, URL);
    expect(mail.subject).toBe('Someone tried to register your address on Stoked');
    expect(mail.text).toContain('Hi Ann,');
    expect(authMails.confirmation({ to: 'a@example.com', language: 'en' }, URL).text).toMatch(/^Hi,\n/);
  });

  test('what people wrote is escaped in the HTML part', () => {
    const mail = composeMail('en', { to: 'a@example.com', subject: 'S', paragraphs: ['<img src=x onerror=alert(1)> & "q"'] });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; &#34;q&#34;');
  });
});
