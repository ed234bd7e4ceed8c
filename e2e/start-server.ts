/**
 * The browser tests' server (playwright.config.ts): `npm start`'s server with SMTP_URL set to a real
 * SMTP server (server/test/smtp.ts) started here on a free port, so every mail of the journeys goes
 * over SMTP and the tests read what that server received (e2e/helpers.ts, mailsTo). It lives as long
 * as the app's server: Playwright ends the whole process group, and a signal sent here is passed on.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { startSmtpReceiver } from '../server/test/smtp.ts';
import { SMTP_RECEIVED_FILE } from './fixtures.ts';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const file = path.join(dataDir, SMTP_RECEIVED_FILE);
// One server's run, one list: a data folder kept from an earlier run starts with no mail.
rmSync(file, { force: true });
const smtp = await startSmtpReceiver({ file });

const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { env: { ...process.env, SMTP_URL: smtp.url }, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  void smtp.close().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
