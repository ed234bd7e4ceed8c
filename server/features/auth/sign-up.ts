import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LanguageCode } from '../../../common/languages.ts';
import { withinRecipientCap } from '../../lib/action-limits.ts';
import { mailLanguage } from '../../lib/mail-texts.ts';
import { authMails } from './auth-mails.ts';
import { CONFIRM_EMAIL_PATH, CONFIRMATION_TTL_SECONDS, hashPassword } from './auth.ts';
import { issueConfirmation, writeSignUp } from './sign-up.db.ts';

const confirmationLink = (app: FastifyInstance, token: string) => `${app.config.publicUrl}${CONFIRM_EMAIL_PATH}?token=${token}`;

/** A new confirmation link for an unconfirmed account (its earlier ones stop working), mailed to its address. */
export async function sendConfirmation(app: FastifyInstance, user: { id: string; language: LanguageCode }, email: string): Promise<void> {
  await issueConfirmation(app.db, user.id, CONFIRMATION_TTL_SECONDS, (tx, token) =>
    app.mailer.send(authMails.confirmation({ to: email, language: user.language }, confirmationLink(app, token)), { db: tx }),
  );
}

export type SignUp = { name: string; email: string; password: string; language?: string | undefined };

/**
 * A sign-up never tells whether the address was known, and never gives the registrant a way into an
 * account whose mailbox they do not control: a confirmed address only earns its owner a warning mail;
 * an unconfirmed one is taken over by the newest sign-up (its name and password, its link only), and
 * confirming asks for that password (auth.routes.ts, confirm-email).
 *
 * Neither its answer nor its time tells (issue 37): every path hashes the password, counts the
 * address's mails, writes in the same statements (writeSignUp) and sends one mail, awaited alike.
 * Past the address's cap of sign-up mails nothing is written or sent, and the answer is the same.
 */
export async function register(app: FastifyInstance, { name, email, password, language }: SignUp): Promise<void> {
  const passwordHash = await hashPassword(password);
  if (!(await withinRecipientCap(app.limiter, 'signUpMail', email))) return;
  const { generateId } = await app.auth.$context;
  const input = {
    ids: { user: generateId({ model: 'user' }) || randomUUID(), account: generateId({ model: 'account' }) || randomUUID() },
    name,
    email,
    passwordHash,
    language: language ?? null,
    ttlSeconds: CONFIRMATION_TTL_SECONDS,
  };
  // The mail is queued in the sign-up's transaction: it goes out only if the sign-up is kept, and never before.
  await writeSignUp(app.db, input, (tx, written) => {
    const mail =
      written.kind === 'taken'
        ? // In the owner's language, not the registrant's, greeting them by the name they confirmed.
          authMails.registerAttempt({ to: email, name: written.name, language: mailLanguage(written.preferredLanguage) }, `${app.config.publicUrl}/login`)
        : authMails.confirmation({ to: email, language: mailLanguage(language) }, confirmationLink(app, written.token));
    return app.mailer.send(mail, { db: tx });
  });
}
