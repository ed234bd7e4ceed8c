import type { LanguageCode } from '../../../common/languages.ts';
import { notificationText, type Notification } from '../../../common/notifications.ts';
import { translate } from '../../lib/mail-texts.ts';

/** A notification's sentence in a language, as the bell shows it (the digest's lines, a push's text). */
export function notificationSentence(language: LanguageCode, n: Notification): string {
  const { key, values } = notificationText(n);
  return translate(language, `notifications.text.${key}`, { ...values, actor: values.actor || translate(language, 'notifications.someone') });
}
