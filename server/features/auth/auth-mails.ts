import type { LanguageCode } from '../../../common/languages.ts';
import { composeMail, translate } from '../../lib/mail-texts.ts';
import type { Mail } from '../../lib/mailer.ts';

/**
 * Whom an account mail goes to. `name` only for the owner of a confirmed address: a name typed at
 * sign-up is anybody's, and greeting a mailbox with it would carry a stranger's words ("Claim your
 * prize at…") to an inbox whose owner never agreed (issue 37).
 */
type Recipient = { to: string; name?: string; language: LanguageCode };

/**
 * One account mail from its texts under `mail.<kind>`: a greeting, the paragraphs, the one link it
 * is about as its action, then what follows it (`mail.<key>` each), in the recipient's language.
 */
function accountMail({ to, name, language }: Recipient, kind: string, url: string, parts: { paragraphs: string[]; after?: string[] }): Mail {
  const t = (key: string) => translate(language, `mail.${key}`, name === undefined ? {} : { name });
  return composeMail(language, {
    to,
    subject: t(`${kind}.subject`),
    paragraphs: [t(name === undefined ? 'greetingNoName' : 'greeting'), ...parts.paragraphs.map(t)],
    action: { label: t(`${kind}.action`), url },
    after: (parts.after ?? []).map(t),
  });
}

/** The mails of accounts, each in its recipient's language (web/locales `mail.*`). */
export const authMails = {
  /** To an address nobody confirmed yet: greets by no name. */
  confirmation: ({ to, language }: Omit<Recipient, 'name'>, url: string) =>
    accountMail({ to, language }, 'confirm', url, { paragraphs: ['confirm.intro'], after: ['confirm.expiry', 'ignore'] }),
  passwordReset: (to: Recipient, url: string) => accountMail(to, 'reset', url, { paragraphs: ['reset.intro'], after: ['ignore'] }),
  /** To the owner of a confirmed address someone tried to sign up with: the sign-up itself answers as for a new one. */
  registerAttempt: (to: Recipient, signInUrl: string) =>
    accountMail(to, 'registerAttempt', signInUrl, { paragraphs: ['registerAttempt.intro', 'registerAttempt.advice'] }),
};
