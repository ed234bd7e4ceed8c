import type { LanguageCode } from '../../../common/languages.ts';
import { composeMail, translate } from '../../lib/mail-texts.ts';
import type { Mail } from '../../lib/mailer.ts';

type Recipient = { to: string; name: string; language: LanguageCode };

/**
 * One account mail from its texts under `mail.<kind>`: a greeting, the paragraphs, the one link it
 * is about as its action, then what follows it (`mail.<key>` each), in the recipient's language.
 */
function accountMail({ to, name, language }: Recipient, kind: string, url: string, parts: { paragraphs: string[]; after?: string[] }): Mail {
  const t = (key: string) => translate(language, `mail.${key}`, { name });
  return composeMail(language, {
    to,
    subject: t(`${kind}.subject`),
    paragraphs: [t('greeting'), ...parts.paragraphs.map(t)],
    action: { label: t(`${kind}.action`), url },
    after: (parts.after ?? []).map(t),
  });
}

/** The mails of accounts, each in its recipient's language (web/locales `mail.*`). */
export const authMails = {
  confirmation: (to: Recipient, url: string) => accountMail(to, 'confirm', url, { paragraphs: ['confirm.intro'], after: ['confirm.expiry', 'ignore'] }),
  passwordReset: (to: Recipient, url: string) => accountMail(to, 'reset', url, { paragraphs: ['reset.intro'], after: ['ignore'] }),
  /** To the owner of a confirmed address someone tried to sign up with: the sign-up itself answers as for a new one. */
  registerAttempt: (to: Recipient, signInUrl: string) => accountMail(to, 'registerAttempt', signInUrl, { paragraphs: ['registerAttempt.intro', 'registerAttempt.advice'] }),
};
