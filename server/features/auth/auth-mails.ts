import type { LanguageCode } from '../../../common/languages.ts';
import { composeMail, translate } from '../../lib/mail-texts.ts';
import type { Mail } from '../../lib/mailer.ts';

type Recipient = { to: string; name: string; language: LanguageCode };

/** The mails of accounts, each in its recipient's language (web/locales `mail.*`). */
export const authMails = {
  confirmation({ to, name, language }: Recipient, url: string): Mail {
    const t = (key: string) => translate(language, `mail.${key}`, { name });
    return composeMail(language, {
      to,
      subject: t('confirm.subject'),
      paragraphs: [t('greeting'), t('confirm.intro')],
      action: { label: t('confirm.action'), url },
      after: [t('confirm.expiry'), t('ignore')],
    });
  },

  passwordReset({ to, name, language }: Recipient, url: string): Mail {
    const t = (key: string) => translate(language, `mail.${key}`, { name });
    return composeMail(language, {
      to,
      subject: t('reset.subject'),
      paragraphs: [t('greeting'), t('reset.intro')],
      action: { label: t('reset.action'), url },
      after: [t('ignore')],
    });
  },

  /** To the owner of a confirmed address someone tried to sign up with: the sign-up itself answers as for a new one. */
  registerAttempt({ to, name, language }: Recipient, signInUrl: string): Mail {
    const t = (key: string) => translate(language, `mail.${key}`, { name });
    return composeMail(language, {
      to,
      subject: t('registerAttempt.subject'),
      paragraphs: [t('greeting'), t('registerAttempt.intro'), t('registerAttempt.advice')],
      action: { label: t('registerAttempt.action'), url: signInUrl },
    });
  },
};
