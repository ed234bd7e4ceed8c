/**
 * A real SMTP server (the `smtp-server` package) run as a child process by server/test/smtp.ts: it
 * accepts every message, parses it (`mailparser`) and appends it as one JSON line to
 * SMTP_RECEIVER_FILE before answering 250, so a message the sender saw accepted is already in the
 * file. Readers in any process (vitest, Playwright, a fault script) read that file.
 */
import { appendFileSync } from 'node:fs';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { announceReady } from './service-process.ts';
import { MAX_RECEIVED_MAIL_BYTES, type ReceivedMail } from './smtp.ts';

const file = process.env.SMTP_RECEIVER_FILE;
if (!file) throw new Error('SMTP_RECEIVER_FILE is required');
const port = Number(process.env.SERVICE_PORT ?? 0);

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) => group.value.map((a) => a.address ?? '').filter(Boolean));

const server = new SMTPServer({
  // nodemailer upgrades to STARTTLS whenever a server offers it, and would then refuse the
  // self-signed certificate smtp-server makes up: the receiver speaks plain SMTP, as on a local relay.
  disabledCommands: ['STARTTLS'],
  // SMTP_URL may carry a user and password (smtp://user:pass@host): any login is accepted, and none is needed.
  authOptional: true,
  onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anonymous' }),
  size: MAX_RECEIVED_MAIL_BYTES,
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      if (stream.sizeExceeded) {
        callback(Object.assign(new Error('Message exceeds the size limit'), { responseCode: 552 }));
        return;
      }
      const raw = Buffer.concat(chunks);
      simpleParser(raw)
        .then((parsed) => {
          const mail: ReceivedMail = {
            messageId: parsed.messageId ?? '',
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: addresses(parsed.from),
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : undefined,
            date: parsed.date?.toISOString(),
            receivedAt: new Date().toISOString(),
            user: typeof session.user === 'string' ? session.user : undefined,
            raw: raw.toString('utf8'),
          };
          appendFileSync(file, `${JSON.stringify(mail)}\n`);
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    });
  },
});

let listening = false;
server.on('error', (error) => {
  console.error('smtp receiver:', error);
  // Its port taken (a restart on the same port): the parent hears of it at once, not after its timeout.
  if (!listening) process.exit(1);
});
server.listen(port, '127.0.0.1', () => {
  listening = true;
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('smtp receiver: no port');
  announceReady(address.port, () => new Promise<void>((resolve) => server.close(() => resolve())));
});
