import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServiceProcess, type ServiceProcess } from './service-process.ts';

/** What the receiver keeps of one message it accepted (one JSON line of its file). */
export type ReceivedMail = {
  /** The Message-ID header, angle brackets included: a resent message can be told from a new one. */
  messageId: string;
  /** The SMTP envelope: whom the sender asked the server to deliver to, lower-cased. */
  envelopeFrom: string;
  envelopeTo: string[];
  /** The From and To headers' addresses. */
  from: string[];
  to: string[];
  subject: string;
  /** The plain-text part, decoded (no quoted-printable soft breaks). */
  text: string;
  html?: string | undefined;
  /** The Date header, and when the receiver accepted it (ISO). */
  date?: string | undefined;
  receivedAt: string;
  /** The user the sender logged in as, when it logged in. */
  user?: string | undefined;
  /** The message as it came over the wire. */
  raw: string;
};

/** Larger messages are refused (552): no mail of ours comes near it, and a runaway sender cannot fill the disk. */
export const MAX_RECEIVED_MAIL_BYTES = 1_000_000;

const RECEIVER = new URL('./smtp-receiver.ts', import.meta.url);

/** The messages in a receiver's file, oldest first; a line still being written is left for the next read. */
export function readReceivedMails(file: string): ReceivedMail[] {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail);
}

/** Whether `mail` was delivered to `address` (its envelope, as a mailbox would see it). */
export function isMailTo(mail: ReceivedMail, address: string): boolean {
  return mail.envelopeTo.includes(address.toLowerCase());
}

/** The first link in a mail's text whose path starts with `pathname` (e.g. '/confirm-email'). */
export function linkIn(mail: ReceivedMail, pathname: string): URL | undefined {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathname)) return url;
  }
  return undefined;
}

export type SmtpReceiver = ServiceProcess & {
  /** `smtp://127.0.0.1:<port>`: what SMTP_URL (the config's smtpUrl) is set to. */
  readonly url: string;
  /** The JSON-lines file it appends each accepted message to. */
  readonly file: string;
  mails(): ReceivedMail[];
  mailsTo(address: string): ReceivedMail[];
  /** The `count`-th mail to `address` (1: the first), once it has arrived; rejects after `timeoutMs`. */
  waitForMail(address: string, options?: { count?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  /** Stops it and deletes its file (unless the file was given: its owner keeps it). */
  close(): Promise<void>;
};

/**
 * Starts a real SMTP server in a child process (server/test/smtp-receiver.ts) on a free port, or on
 * `port`, appending what it receives to `file` (by default a new file in a temporary folder).
 */
export async function startSmtpReceiver(options: { file?: string; port?: number } = {}): Promise<SmtpReceiver> {
  const folder = options.file ? undefined : mkdtempSync(path.join(tmpdir(), 'stoked-smtp-'));
  const file = options.file ?? path.join(folder!, 'received.jsonl');
  const service = await startServiceProcess(RECEIVER, { SMTP_RECEIVER_FILE: file }, options.port);
  const mails = () => readReceivedMails(file);
  const mailsTo = (address: string) => mails().filter((m) => isMailTo(m, address));
  return {
    get port() {
      return service.port;
    },
    get url() {
      return `smtp://127.0.0.1:${service.port}`;
    },
    file,
    running: service.running,
    stop: service.stop,
    start: service.start,
    mails,
    mailsTo,
    async waitForMail(address, { count = 1, timeoutMs = 15_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mailsTo(address)[count - 1];
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail #${count} to ${address} within ${timeoutMs} ms (${mails().length} received in all)`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      await service.stop();
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
}
