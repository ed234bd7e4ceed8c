import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { DEFAULT_MAIL_RETRY, type Config, type MailRetry } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { sentOnce, type Jobs, type QueueSpec } from './jobs.ts';

export type Mail = { to: string; subject: string; text: string; html?: string; link?: string };

export type MailOptions = {
  /** The transaction of the change the mail tells of: rolled back, the mail is never sent. */
  db?: Kysely<DB>;
  /** What makes this mail this one (a digest's notifications): sent once per key. A new one by default. */
  key?: string;
};

/**
 * Where features hand their mails: queued (the `mail` job queue), never sent while a request or a
 * transaction waits. Tests that read a request's mails at once give the app one that keeps them.
 */
export type Mailer = { send(mail: Mail, options?: MailOptions): Promise<void> };

/** What actually sends one message, its Message-ID given (derived from the job's key). */
export type MailTransport = { deliver(mail: Mail, messageId: string): Promise<void> };

export const MAIL_QUEUE = 'mail';

// SMTP that accepts the connection and then says nothing must not hold a worker for nodemailer's
// default two minutes: the job fails and is retried later.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * A mail is tried again with exponential backoff: 30 s, 1 min, 2 min… then hourly, 40 times in all,
 * so that mails wait out an SMTP server away for more than a day (issue 39) before an admin sees
 * them dead (the Jobs tab). The MAIL_RETRY_* settings change it (server/config.ts).
 */
export const MAIL_RETRY: Required<MailRetry> = DEFAULT_MAIL_RETRY;

/**
 * With SMTP_URL the message goes out over SMTP; without it the same message is written as an
 * .eml file under DATA_DIR/mail and its link is logged, so a newcomer can confirm an account.
 */
export function createMailTransport(config: Config, log: FastifyBaseLogger): MailTransport {
  const from = config.mailFrom;
  const message = (mail: Mail, messageId: string) => ({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId });
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async deliver(mail, messageId) {
        await transport.sendMail(message(mail, messageId));
        log.info({ to: mail.to, subject: mail.subject, messageId }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = path.join(config.dataDir, 'mail');
  return {
    async deliver(mail, messageId) {
      const info = await transport.sendMail(message(mail, messageId));
      await mkdir(dir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: mail.to, subject: mail.subject, file, link: mail.link }, `mail written to ${file}${mail.link ? ` — link: ${mail.link}` : ''}`);
    },
  };
}

/** The Message-ID of the mail of `key`, the same on every try: a receiver can tell a repeat. */
export function messageIdOf(key: string, publicUrl: string): string {
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${new URL(publicUrl).hostname}>`;
}

/** The app's mailer: each mail a job of the `mail` queue, in the caller's transaction when it gives one. */
export function queuedMailer(jobs: Jobs): Mailer {
  return {
    async send(mail, { db, key } = {}) {
      await jobs.send(MAIL_QUEUE, { mail }, { db, key: key && `mail:${key}` });
    },
  };
}

/** The `mail` queue: each job delivers its mail once (by its key), retried as MAIL_RETRY says. */
export function mailQueue(opts: { db: Kysely<DB>; transport: MailTransport; publicUrl: string; retry?: MailRetry }): QueueSpec<{ mail: Mail }> {
  const { retryLimit, retryDelaySeconds, retryDelayMaxSeconds, expireInSeconds = MAIL_RETRY.expireInSeconds } = opts.retry ?? MAIL_RETRY;
  return {
    retryLimit,
    retryDelaySeconds,
    retryDelayMaxSeconds,
    expireInSeconds,
    concurrency: 4,
    work: async ({ mail, key }) => {
      // A claim is taken for a dead run's after twice the run's expiry: by then the run that claimed it
      // has been retried once already (that retry found the claim held and waited).
      await sentOnce(opts.db, key, () => opts.transport.deliver(mail, messageIdOf(key, opts.publicUrl)), expireInSeconds * 2);
    },
  };
}
